/**
 * The favourites API (docs/behaviour.md#favourites): `GET /api/album/{id}/favourites`
 * answers a link's visitor with their own favourites and the owner with
 * everyone's, per link and name; `PUT`/`DELETE …/favourites/{imageId}`
 * mark and unmark for a link's visitor (the grant cookie).
 */
import type { Access } from "~/server/access/access.server";
import { HttpError } from "~/server/core/http-error.server";
import { assertSameOrigin } from "~/server/http/security.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { withEndedLink } from "./ended-link.server";
import { favouritesByLink } from "./favourites-owner.server";
import { requireGrant, setFavourite, visitorFavourites } from "./favourites.server";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

export function favouritesAnswer(access: Access, albumId: number): Response {
  if (access.owner) return Response.json({ links: favouritesByLink(albumId) }, { headers: NO_STORE });
  requireGrant(access, albumId);
  return Response.json(visitorFavourites(access, albumId), { headers: NO_STORE });
}

/** A heart set or taken; on a link that ended meanwhile, that link's 410 (or 403) and sentence (ended-link.server.ts). */
export function favouriteChange(request: Request, access: Access, albumId: number, imageId: number): Promise<Response> {
  if (request.method !== "PUT" && request.method !== "DELETE") {
    throw new HttpError(405, "Use PUT to mark a favourite or DELETE to unmark it.", {}, { Allow: "PUT, DELETE" });
  }
  // The grant is a cookie: another site must not mark favourites in the visitor's name.
  assertSameOrigin(request);
  return withEndedLink(request, albumId, () =>
    Response.json(setFavourite(access, albumId, imageId, request.method === "PUT"), { headers: NO_STORE }),
  );
}
