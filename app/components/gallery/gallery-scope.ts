import { createContext, useContext } from "react";
import { GALLERY_PATH } from "~/lib/paths";

/** Which list a gallery shows: the whole gallery at /photography, or one album at its own page. */
export interface GalleryScope {
  /** The page every gallery link (photo, viewer step, Load more) points at. */
  path: string;
  /** The album the list and the infinite scroll ask the API for. */
  albumId?: number;
  /** Or the tag, camera or lens (its page: the gallery's photos with it, by date taken). */
  subset?: ListSubset;
  /** The album's cover photo: the viewer does not offer it as the cover again. */
  coverId?: number;
  /** Every album, for the admin's checkboxes in the edit form; empty for visitors. */
  albums?: AlbumChoice[];
  /** Set on an album in manual order: the admin's move forms show, up to its size. */
  manualOrder?: { size: number };
  /** On the whole gallery, for the admin: the pinned photos in order (the pin forms show). */
  pinnedIds?: number[];
  /** Set when that list is in "featured first" order: the owner drags the pins (with JavaScript). */
  pinsFirst?: boolean;
  /** Set where the request may download: the viewer's "Download" shows (record 041). */
  download?: GalleryDownload;
}

/** A part of the gallery by the `GET /api/image` parameter that asks for it: `tag=<id>`, `camera=<slug>`, `lens=<slug>`. */
export interface ListSubset {
  param: "tag" | "camera" | "lens";
  value: string;
}

/** The scope's parameter for `GET /api/image`: its album's or its subset's, none for the whole gallery. */
export function listScopeQuery({ albumId, subset }: Pick<GalleryScope, "albumId" | "subset">): string {
  if (albumId !== undefined) return `&album=${albumId}`;
  return subset ? `&${subset.param}=${encodeURIComponent(subset.value)}` : "";
}

/** What the viewer's "Download" gives: the photo within this album (none: the owner's gallery) at this size. */
export interface GalleryDownload {
  albumSlug?: string;
  size: "web" | "original";
}

export interface AlbumChoice {
  id: number;
  name: string;
  /** An unlisted or private one hides the public photos added to it (record 067): its label says so. */
  visibility: "public" | "unlisted" | "private";
}

/**
 * The pins in the order the list shows them (a drag reorders the list in place, before the page reloads its
 * data), then any pin the list has not loaded, in the server's order.
 */
export function pinsAsShown(pinnedIds: number[], shown: { id: number }[]): number[] {
  const pinned = new Set(pinnedIds);
  const inList = shown.map((image) => image.id).filter((id) => pinned.has(id));
  const listed = new Set(inList);
  return [...inList, ...pinnedIds.filter((id) => !listed.has(id))];
}

export const GalleryScopeContext = createContext<GalleryScope>({ path: GALLERY_PATH });

export function useGalleryScope(): GalleryScope {
  return useContext(GalleryScopeContext);
}
