import type { Image } from "~/lib/image";

/** The photo the server resolved for `?image=`, with its neighbours in the list: the gallery loader's `viewer`. */
export type ServerViewer = { image: Image; previous: number | null; next: number | null } | null;
