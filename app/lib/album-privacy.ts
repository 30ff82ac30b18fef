/**
 * What the owner's forms say about an album's privacy winning (record 067): shared by the pages and the server, so
 * the hint before and the line after read the same with JavaScript and without.
 */
import type { Album } from "./album";

/** The unlisted or private album that hid photos added to it. */
export interface HiddenBy {
  name: string;
  visibility: "unlisted" | "private";
}

/** An unlisted or private album: photos added to it are hidden unless the owner keeps them public. */
export function isNotPublic(album: { visibility: Album["visibility"] }): boolean {
  return album.visibility !== "public";
}

/** An album in the owner's menus and checkboxes: its name, marked when it is not public. */
export function albumChoiceLabel(album: { name: string; visibility: Album["visibility"] }): string {
  return album.visibility === "public" ? album.name : `${album.name} (${album.visibility})`;
}

/** The label of the forms' opt-out. */
export const KEEP_PUBLIC_LABEL = "Keep them public";

/** The hint beside an album choice, before adding: the opt-out is a checkbox, or the upload's Visibility choice. */
export function albumPrivacyHint(optOut: "checkbox" | "visibility"): string {
  const unless = optOut === "checkbox" ? `you tick "${KEEP_PUBLIC_LABEL}"` : 'you choose Visibility "Public"';
  return `Photos added to an unlisted or private album are hidden from public pages (the gallery, feeds and search) unless ${unless}.`;
}

/** The line after adding: how many the album hid. */
export function hiddenNote(count: number, by: HiddenBy): string {
  return `${count === 1 ? "1 was" : `${count} were`} hidden from public pages (${by.name} is ${by.visibility}).`;
}

/**
 * The owner's line under a hidden photo in an unlisted or private album, after an edit as on any later visit (the
 * same with JavaScript and without): which album keeps it from public pages.
 */
export function hiddenInNote(
  image: { visibility: "public" | "hidden"; albumIds: number[] },
  albums: { id: number; name: string; visibility: Album["visibility"] }[],
): string | null {
  if (image.visibility !== "hidden") return null;
  const holding = albums.filter((album) => isNotPublic(album) && image.albumIds.includes(album.id));
  if (!holding.length) return null;
  return `Hidden from public pages: it is in ${holding.map(albumChoiceLabel).join(", ")}.`;
}

/**
 * The upload's automatic Visibility, as it reads for the album chosen: `undefined` where the form cannot tell which
 * (without JavaScript), `null` for "No album".
 */
export function automaticVisibilityLabel(album?: { name: string; visibility: Album["visibility"] } | null): string {
  if (album === undefined) return "Automatic: public, or hidden in an unlisted or private album";
  if (album === null) return "Automatic: public (no album)";
  if (album.visibility === "public") return `Automatic: public (${album.name} is public)`;
  return `Automatic: hidden (${album.name} is ${album.visibility})`;
}
