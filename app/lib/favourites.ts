/** Favourites (proofing) on share links, as the pages and the API show them (record 047). */
import type { SelectionRule, SelectionState } from "./selection";

/** How long a visitor's name may be: the name form announces it, the server enforces it. */
export const MAX_VISITOR_NAME_LENGTH = 60;

/** People who may give their name on one link: a wedding's guests, not a crowd a script makes up. */
export const MAX_VISITORS_PER_LINK = 250;
export const LINK_FULL = `This link already holds the favourites of ${MAX_VISITORS_PER_LINK} people. Ask the photographer for a link of your own.`;

/**
 * Why a name was refused, as the address of the no-JavaScript name step says: a code, so that the page only ever
 * shows one of these texts, never words taken from the address.
 */
export const NAME_REFUSALS = {
  empty: "Enter your name.",
  full: LINK_FULL,
  busy: "That was a lot at once. Try again in a few minutes.",
} as const;
export type NameRefusal = keyof typeof NAME_REFUSALS;

export function nameRefusal(code: string | null): NameRefusal | null {
  return code !== null && Object.hasOwn(NAME_REFUSALS, code) ? (code as NameRefusal) : null;
}

/** A share-link visitor's own favourites in one album; `name` is null until they give it. */
export interface VisitorFavourites {
  name: string | null;
  imageIds: number[];
}

/** A photo as the owner's lists show it: a favourite, a comment's. */
export interface OwnerThumbnail {
  imageId: number;
  /** The photo's title. */
  name: string;
  /** The file name as uploaded. */
  filename: string;
  /** The smallest WebP variant, for the owner's thumbnails. */
  thumbnailUrl: string;
}

/** One favourite as the owner sees it. */
export interface FavouritePhoto extends OwnerThumbnail {
  /** ISO 8601. */
  favouritedAt: string;
}

/** A visitor's comment on a photo (record 080), plain text. */
export interface PhotoComment extends OwnerThumbnail {
  body: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** One person who gave their name on a link: their selection and comments; their favourites as each view has them. */
export interface VisitorSelection {
  visitorId: number;
  name: string;
  state: SelectionState;
  /** ISO 8601, while sent. */
  sentAt: string | null;
  note: string | null;
  /** ISO 8601, when the owner last reopened it. */
  reopenedAt: string | null;
  comments: PhotoComment[];
}

/** A visitor with all their favourites, oldest first: the API and the CSV. */
export interface VisitorFavouriteList extends VisitorSelection {
  photos: FavouritePhoto[];
}

/**
 * How many of a visitor's favourites, and of their comments, the owner's album page draws before "Show all": at a
 * link's cap of visitors, all of them were 25,000 thumbnails and 1,250 comments on one page (issue 28).
 */
export const FIRST_FAVOURITES = 12;
export const FIRST_COMMENTS = 3;

/**
 * A visitor as the owner's album page shows them: how many favourites and comments, the first few of each (all, when
 * opened), and every favourite's file name.
 */
export interface VisitorFavouritesShown extends VisitorSelection {
  count: number;
  photos: OwnerThumbnail[];
  /** All their favourites' names for Lightroom's filter ({@link lightroomNames}). */
  names: string;
  commentCount: number;
}

/** A share link's visitors and their favourites, for the owner's album admin page and API. */
export interface LinkFavourites<Visitor extends VisitorSelection = VisitorFavouriteList> {
  linkId: number;
  label: string;
  state: "live" | "expired" | "revoked";
  rule: SelectionRule | null;
  visitors: Visitor[];
}

/** "1 favourite", "3 favourites". */
export function favouriteCount(count: number): string {
  return `${count} ${count === 1 ? "favourite" : "favourites"}`;
}

/** A file name without its extension, as Lightroom's filename filter matches it. */
export function withoutExtension(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? filename.slice(0, dot) : filename;
}

/**
 * The favourites' file names for Lightroom's Library filter (Text, Filename,
 * Contains): without extensions, comma-separated, each once.
 */
export function lightroomNames(photos: { filename: string }[]): string {
  return [...new Set(photos.map((photo) => withoutExtension(photo.filename)))].join(", ");
}

/** Where a heart's plain form sends the browser back to: the viewer's deep link, or the tile in the grid. */
export function heartReturnPath(pathname: string, search: string, imageId: number, inViewer: boolean): string {
  return inViewer ? `${pathname}${search}` : `${pathname}${search}#image-${imageId}`;
}

/** The list's filter in a gallery URL's position (lib/gallery-url.ts): `only=favourites`, the visitor's own (record 070). */
export const ONLY_PARAM = "only";
export const ONLY_FAVOURITES = "favourites";

/** Whether the position shows only the visitor's favourites. */
export function onlyFavourites(position: string): boolean {
  return new URLSearchParams(position).get(ONLY_PARAM) === ONLY_FAVOURITES;
}
