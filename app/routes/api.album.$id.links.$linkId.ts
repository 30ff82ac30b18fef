import { requireAdmin } from "~/server/auth/auth.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { parseAlbumId } from "~/server/albums/album-input.server";
import { parseLinkId, parseShareLinkInput } from "~/server/sharing/share-input.server";
import { revokeShareLink, updateShareLink } from "~/server/sharing/share-links.server";
import type { Route } from "./+types/api.album.$id.links.$linkId";

const ALLOW = "PUT, DELETE";

export const loader = methodNotAllowed(ALLOW);

export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  const albumId = parseAlbumId(params.id);
  const linkId = parseLinkId(params.linkId);
  switch (request.method) {
    case "PUT":
      return Response.json(
        await updateShareLink(
          albumId,
          linkId,
          parseShareLinkInput(await readJson(request), { create: false }),
          siteOrigin(request),
        ),
      );
    case "DELETE":
      await revokeShareLink(albumId, linkId);
      return new Response(null, { status: 204 });
    default:
      throw new HttpError(405, "Use PUT to change a share link or DELETE to revoke it.", {}, { Allow: ALLOW });
  }
});
