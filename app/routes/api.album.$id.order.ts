import { parseAlbumId, parseMove } from "~/server/albums/album-input.server";
import { moveImage } from "~/server/albums/album-order.server";
import { findAlbumRow, toAlbum } from "~/server/albums/albums.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import type { Route } from "./+types/api.album.$id.order";

const ALLOW = "POST";

/** Moves one photo in an album's manual order; answers the album. */
export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to move a photo.", {}, { Allow: ALLOW });
  const id = parseAlbumId(params.id);
  const { imageId, target } = parseMove(await readJson(request));
  moveImage(id, imageId, target);
  return Response.json(toAlbum(findAlbumRow(id)));
});
