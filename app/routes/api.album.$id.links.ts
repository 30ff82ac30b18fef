import { requireAdmin } from "~/server/auth/auth.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { parseAlbumId } from "~/server/albums/album-input.server";
import { parseShareLinkInput } from "~/server/sharing/share-input.server";
import { createShareLink, listShareLinks } from "~/server/sharing/share-links.server";
import type { Route } from "./+types/api.album.$id.links";

const ALLOW = "GET, POST";

export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) => {
    await requireAdmin(request);
    return Response.json({ links: listShareLinks(parseAlbumId(params.id), siteOrigin(request)) });
  },
  { allow: ALLOW },
);

export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to create a share link.", {}, { Allow: ALLOW });
  const albumId = parseAlbumId(params.id);
  const input = parseShareLinkInput(
    await readJson(request, "Send a JSON object with label, and password, expiresAt or download if you like."),
    { create: true },
  );
  return Response.json(await createShareLink(albumId, input, siteOrigin(request)), { status: 201 });
});
