import { GALLERY_PATH, SEARCH_PARAM } from "./paths";

/**
 * URL state of the gallery page: the list's position (its order `sortField`,
 * `sortOrder` as the API names them, `page`, `cursor`, the filter `only`, and a search's `q`) and the viewer
 * (`image`, `edit`, `confirm`).
 */
/** `only` is the list's filter: `only=favourites`, a share link's visitor's own (lib/favourites.ts). */
const POSITION_PARAMS = ["sortField", "sortOrder", "page", "cursor", "only"] as const;
const VIEWER_PARAMS = ["image", "edit", "confirm"] as const;

export type ViewerMode = "view" | "edit" | "confirm-delete" | "confirm-cover";

/** Set on history entries the viewer opened in place, so closing can step back instead of piling up entries. */
export interface ViewerHistoryState {
  inPlace: true;
}

/** The list position of a gallery URL as a search string; `q` only on the search page (`search`). */
export function listPosition(params: URLSearchParams, { search = false } = {}): string {
  const position = new URLSearchParams();
  for (const name of search ? [SEARCH_PARAM, ...POSITION_PARAMS] : POSITION_PARAMS) {
    const value = params.get(name);
    if (value !== null) position.set(name, value);
  }
  return position.toString();
}

/** The order the gallery offers besides its default (newest upload first); the API's `sortField`. */
export const TAKEN_ORDER = "taken_at";

/** The position's order without its place in it: where the list starts over in the same order. */
export function listStart(position: string): string {
  const params = new URLSearchParams(position);
  params.delete("page");
  params.delete("cursor");
  return params.toString();
}

/** Where the list continues after `cursor`, in the same order: the API's query and the no-JS "Load more" link alike. */
export function listAfter(position: string, cursor: string): string {
  const params = new URLSearchParams(listStart(position));
  params.set("cursor", cursor);
  return params.toString();
}

/** A gallery URL: the list's position and the viewer's state, on the whole gallery's page or an album's (`path`). */
export function galleryHref(
  position: string,
  viewer?: { image: number; mode?: ViewerMode },
  path: string = GALLERY_PATH,
): string {
  const params = new URLSearchParams(position);
  if (viewer) {
    params.set("image", String(viewer.image));
    if (viewer.mode === "edit") params.set("edit", "1");
    if (viewer.mode === "confirm-delete") params.set("confirm", "delete");
    if (viewer.mode === "confirm-cover") params.set("confirm", "cover");
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function viewerMode(params: URLSearchParams): ViewerMode {
  if (params.get("edit") === "1") return "edit";
  if (params.get("confirm") === "delete") return "confirm-delete";
  if (params.get("confirm") === "cover") return "confirm-cover";
  return "view";
}

/** The image id in the URL, or null; not validated here (the loader answers a bad one with 400). */
export function viewerImageId(params: URLSearchParams): number | null {
  const raw = params.get("image");
  if (raw === null) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** True when two URLs of the gallery differ at most in the viewer's parameters. */
export function onlyViewerChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of VIEWER_PARAMS) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}
