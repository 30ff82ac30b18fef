/**
 * The album page's heart and name forms (`POST /photography/albums/<slug>/favourites`),
 * for a share link's visitor. Without JavaScript each is a plain form sent
 * back where it came from (the tile's `#image-<id>`, or the viewer's deep
 * link); a heart before a name goes to the page's name step, which then
 * applies it, so the click is not lost. The page's script posts the name
 * form with `?client=js` and gets JSON (the hearts use the API).
 */
import { redirect } from "react-router";
import { HttpError } from "~/server/core/http-error.server";
import { requestAccess, type Access } from "~/server/access/access.server";
import { keepVisitor } from "~/server/access/grant-cookie.server";
import { albumBySlug } from "~/server/albums/albums.server";
import { readForm } from "~/server/http/body.server";
import { formText } from "~/server/http/page-action.server";
import { assertSameOrigin, safeRedirect, secureFor } from "~/server/http/security.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { parseImageId } from "~/server/photos/image-input.server";
import { albumPath, BACK_PARAM, FAVOURITE_PARAM, isScriptRequest } from "~/lib/paths";
import { nameRefusal, type NameRefusal } from "~/lib/favourites";
import { SELECTION_PARAM, selectionRefusal, withSelectionRefusal } from "~/lib/selection";
import { nameVisitor, requireGrant, setFavourite, visitorFavourites } from "./favourites.server";
import { refusalCode } from "./selection-form.server";
import { pageSelection, refusalText } from "./selection.server";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/** The album page asking for the visitor's name before it marks `imageId`; `refused` says why the last one was not taken. */
export function nameStepPath(slug: string, imageId: number, back: string, refused?: NameRefusal): string {
  const params = new URLSearchParams({ [FAVOURITE_PARAM]: String(imageId), [BACK_PARAM]: back });
  if (refused) params.set("refused", refused);
  return `${albumPath(slug)}?${params}#favourite-name`;
}

/** A name refused for what the visitor can act on: an empty one, a full link, too many at once. */
const REFUSED_NAME: Record<number, NameRefusal> = { 400: "empty", 409: "full", 429: "busy" };

/** Gives the grant's visitor `name`: the access to mark with, and the Set-Cookie that keeps the visitor. */
async function named(request: Request, access: Access, albumId: number, name: string, clientIp: string) {
  const grant = requireGrant(access, albumId);
  const visitor = nameVisitor(grant, name, clientIp);
  const setCookie = await keepVisitor(request, grant, visitor.id, secureFor(request));
  const albumGrants = access.albumGrants.map((each) => (each === grant ? { ...each, visitorId: visitor.id } : each));
  return { access: { ...access, albumGrants }, setCookie, name: visitor.name };
}

/**
 * Answers a heart or name form. A plain form refused (a link revoked
 * meanwhile, an album gone) goes back to the album page, which says why; the
 * script gets the refusal itself.
 */
export async function favouriteForm(request: Request, slug: string, clientIp: string): Promise<Response> {
  try {
    return await answer(request, await requestAccess(request), slug, clientIp);
  } catch (error) {
    if (error instanceof HttpError && !isScriptRequest(new URL(request.url))) {
      return redirect(albumPath(slug), { status: 303 });
    }
    throw error;
  }
}

async function answer(request: Request, access: Access, slug: string, clientIp: string): Promise<Response> {
  assertSameOrigin(request);
  const album = albumBySlug(slug, access);
  const form = await readForm(request);
  const script = isScriptRequest(new URL(request.url));
  const imageId = parseImageId(formText(form, "imageId"));
  const on = formText(form, "favourite") !== "0";
  const back = withSelectionRefusal(safeRedirect(formText(form, "redirectTo"), albumPath(album.slug)), null);
  const name = formText(form, "name");
  let headers: HeadersInit = NO_STORE;
  let kept: string | null = null;
  if (name !== undefined) {
    try {
      const given = await named(request, access, album.id, name, clientIp);
      access = given.access;
      kept = given.name;
      headers = { ...NO_STORE, "Set-Cookie": given.setCookie };
    } catch (error) {
      const refused = error instanceof HttpError ? REFUSED_NAME[error.status] : undefined;
      if (script || !refused) throw error;
      return redirect(nameStepPath(album.slug, imageId, back, refused), { status: 303, headers });
    }
  }
  try {
    const result = setFavourite(access, album.id, imageId, on);
    if (script) return Response.json({ ok: true, name: kept, ...result }, { headers });
    return redirect(back, { status: 303, headers });
  } catch (error) {
    if (script || !(error instanceof HttpError) || error.status !== 409) throw error;
    if (error.extra.needsName) return redirect(nameStepPath(album.slug, imageId, back), { status: 303, headers });
    // Over the link's number, or a sent selection: back where the heart was, which says why.
    return redirect(withSelectionRefusal(back, refusalCode(error, "heart")), { status: 303, headers });
  }
}

/**
 * What the album page shows a link's visitor: their name, favourites and
 * selection, why their last plain form was refused (`selection=` in the
 * address), and the name step when a heart is waiting for the name; null
 * without a link.
 */
export function clientFavourites(url: URL, access: Access, albumId: number, slug: string) {
  const favourites = favouritesForPage(url, access, albumId, slug);
  if (!favourites) return null;
  const selection = pageSelection(access, albumId)!;
  const code = selectionRefusal(url.searchParams.get(SELECTION_PARAM));
  return { ...favourites, selection, refusal: code && refusalText(code, selection, favourites.imageIds.length) };
}

/** The visitor's name and favourites, and the name step when a heart is waiting for the name; null without a link. */
export function favouritesForPage(url: URL, access: Access, albumId: number, slug: string) {
  const own = visitorFavourites(access, albumId);
  if (!own) return null;
  const waiting = url.searchParams.get(FAVOURITE_PARAM);
  const imageId = waiting && /^\d{1,16}$/.test(waiting) ? Number(waiting) : null;
  const nameStep =
    own.name === null && imageId !== null
      ? {
          imageId,
          back: safeRedirect(url.searchParams.get(BACK_PARAM), albumPath(slug)),
          refused: nameRefusal(url.searchParams.get("refused")),
        }
      : null;
  return { ...own, nameStep };
}
