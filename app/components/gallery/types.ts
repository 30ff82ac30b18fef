import type { Image } from "~/lib/image";

/** What the gallery page's action answers a script (without JavaScript it redirects instead). */
export type GalleryActionData =
  | { ok: true; intent: "update"; image: Image }
  | { ok: true; intent: "delete"; id: number }
  | { ok: false; id: number | null; message: string; values?: { name: string; description: string } };

/** The photo open in the viewer and its neighbours in the gallery's order. */
export interface ViewerImage {
  image: Image;
  previous: number | null;
  next: number | null;
}
