import { deleteAlbum, findAlbumRow, toAlbum, updateAlbum } from "~/server/albums/albums.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { parseAlbumId, parseAlbumInput } from "~/server/albums/album-input.server";
import type { Route } from "./+types/api.album.$id";
import { requestAccess } from "~/server/access/access.server";

const ALLOW = "GET, PUT, DELETE";

export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) => {
    const access = await requestAccess(request);
    return Response.json(toAlbum(findAlbumRow(parseAlbumId(params.id), access), access));
  },
  { allow: ALLOW },
);

export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  const id = parseAlbumId(params.id);
  switch (request.method) {
    case "PUT":
      return Response.json(updateAlbum(id, parseAlbumInput(await readJson(request), { create: false })));
    case "DELETE":
      deleteAlbum(id);
      return new Response(null, { status: 204 });
    default:
      throw new HttpError(405, "Use PUT to edit an album or DELETE to remove it.", {}, { Allow: ALLOW });
  }
});
