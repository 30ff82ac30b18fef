import { parseAlbumId, parseMove } from "~/server/albums/album-input.server";
import { moveImage } from "~/server/albums/album-order.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import type { Route } from "./+types/api.album.$id.order";

const ALLOW = "POST";

/** Moves one photo in an album's manual order; answers its new place (1 first). */
export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to move a photo.", {}, { Allow: ALLOW });
  const id = parseAlbumId(params.id);
  const { imageId, target } = parseMove(await readJson(request));
  return Response.json({ imageId, position: moveImage(id, imageId, target) });
});
