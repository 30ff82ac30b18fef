import { href } from "react-router";

/**
 * Pages both the server (redirects, fallbacks) and the UI (links, form
 * actions) name. `href` checks each against app/routes.ts at compile time.
 */
export const HOME_PATH = href("/");
export const GALLERY_PATH = href("/photography");
export const GALLERY_FEED_PATH = href("/photography/feed.xml");
export const ALBUMS_PATH = href("/photography/albums");

export function albumPath(slug: string): string {
  return href("/photography/albums/:slug", { slug });
}

export function albumFeedPath(slug: string): string {
  return href("/photography/albums/:slug/feed.xml", { slug });
}

export const TAGS_PATH = href("/photography/tags");
export const SEARCH_PATH = href("/photography/search");
/** The search's parameter (`/photography/search?q=`, `GET /api/image?q=`) and the longest search taken there. */
export const SEARCH_PARAM = "q";
export const MAX_SEARCH_LENGTH = 200;

export function tagPath(slug: string): string {
  return href("/photography/tags/:slug", { slug });
}

export function tagFeedPath(slug: string): string {
  return href("/photography/tags/:slug/feed.xml", { slug });
}

export function cameraPath(slug: string): string {
  return href("/photography/cameras/:slug", { slug });
}

export function lensPath(slug: string): string {
  return href("/photography/lenses/:slug", { slug });
}

export function gearPath(kind: "camera" | "lens", slug: string): string {
  return kind === "camera" ? cameraPath(slug) : lensPath(slug);
}
/**
 * Downloads are answered by Express beside React Router (app/server/downloads/download-routes.server.ts,
 * record 042), so they are not in app/routes.ts: these are their addresses.
 */
export const DOWNLOAD_ROUTES = {
  album: "/photography/albums/:slug/download",
  albumPhoto: "/photography/albums/:slug/download/:imageId",
  galleryPhoto: "/photography/download/:imageId",
} as const;

/** "Download" of one photo: within an album, or (the owner's) from the gallery; `size` web or original. */
export function photoDownloadPath(imageId: number, albumSlug: string | undefined, size?: "web" | "original"): string {
  const path =
    albumSlug === undefined ? `${GALLERY_PATH}/download/${imageId}` : `${albumPath(albumSlug)}/download/${imageId}`;
  return size ? `${path}?size=${size}` : path;
}

/** "Download all": the album's photos as one ZIP. */
export function albumDownloadPath(slug: string): string {
  return `${albumPath(slug)}/download`;
}

/** Where a share-link visitor's heart and name forms post (record 047). */
export function favouritesFormPath(slug: string): string {
  return href("/photography/albums/:slug/favourites", { slug });
}

/** Where a share-link visitor's "Send my selection" and comment forms post (record 080). */
export function selectionFormPath(slug: string): string {
  return href("/photography/albums/:slug/selection", { slug });
}

/** The API's favourite of one photo: PUT marks it, DELETE unmarks it. */
export function favouriteApiPath(albumId: number, imageId: number): string {
  return href("/api/album/:id/favourites/:imageId", { id: String(albumId), imageId: String(imageId) });
}

/** The owner's CSV of an album's favourites. */
export function favouritesCsvPath(slug: string): string {
  return href("/photography/admin/albums/:slug/favourites.csv", { slug });
}

/** The album page's name step: the heart `imageId` waits for the visitor's name, then `back` is where it returns. */
export const FAVOURITE_PARAM = "favourite";
export const BACK_PARAM = "back";

export const ADMIN_PATH = href("/photography/admin");
export const ADMIN_UPLOAD_PATH = href("/photography/admin/upload");
export const ADMIN_LOGOUT_PATH = href("/photography/admin/logout");
export const ADMIN_ACCOUNT_PATH = href("/photography/admin/account");
export const ADMIN_ACTIVITY_PATH = href("/photography/admin/activity");
export const ADMIN_SITE_PATH = href("/photography/admin/site");
export const ADMIN_SITE_SETTINGS_PATH = href("/photography/admin/site/settings");
export const ADMIN_SITE_CV_PATH = href("/photography/admin/site/cv");
export const ADMIN_SITE_PORTRAIT_PATH = href("/photography/admin/site/portrait");
export const ADMIN_SITE_LOGO_PATH = href("/photography/admin/site/logo");
export const ADMIN_SITE_PROJECTS_PATH = href("/photography/admin/site/projects");

/** The owner's page of one album: its visibility and share links. */
export function adminAlbumPath(slug: string): string {
  return href("/photography/admin/albums/:slug", { slug });
}

/** The owner's album page's query parameter: the visitor whose favourites and comments it shows all of (issue 28). */
export const OPEN_VISITOR_PARAM = "visitor";

/** The id of a visitor's entry in the album page's Favourites. */
export function visitorAnchor(visitorId: number): string {
  return `favourites-visitor-${visitorId}`;
}

/** A visitor's entry on the owner's album page, with all their favourites and comments or the first few. */
export function visitorEntryPath(slug: string, visitorId: number, all: boolean): string {
  const query = all ? `?${OPEN_VISITOR_PARAM}=${visitorId}` : "";
  return `${adminAlbumPath(slug)}${query}#${visitorAnchor(visitorId)}`;
}

export function adminProjectMediaPath(id: number): string {
  return href("/photography/admin/site/projects/:id/media", { id: String(id) });
}

/** The login form, and where it sends the admin once logged in (checked by the server with safeRedirect). */
export function loginHref(redirectTo: string): string {
  return `${ADMIN_PATH}?${new URLSearchParams({ redirectTo })}`;
}

/**
 * A page action's URL as the page's own script posts to it (a fetcher). The
 * mark is in the URL, not the body, so the guard reads it before the body:
 * a script gets "session ended" as data it shows in place, a browser without
 * JavaScript a redirect to the login form (docs/decisions/007).
 */
export function scriptActionHref(path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}client=js`;
}

export function isScriptRequest(url: URL): boolean {
  return url.searchParams.get("client") === "js";
}
