import { requireAdmin } from "~/server/auth/auth.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { deleteImage, updateImage } from "~/server/photos/image-store.server";
import { getImage } from "~/server/photos/images.server";
import { parseAlbumIds } from "~/server/albums/album-input.server";
import {
  parseImageId,
  parseImageTags,
  parseImageText,
  parseKeepPublic,
  parsePhotoVisibility,
} from "~/server/photos/image-input.server";
import { requestAccess } from "~/server/access/access.server";
import type { Route } from "./+types/api.image.$id";

const ALLOW = "GET, PUT, DELETE";

export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) => {
    return Response.json(getImage(parseImageId(params.id), await requestAccess(request)));
  },
  { allow: ALLOW },
);

export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  const id = parseImageId(params.id);
  switch (request.method) {
    case "PUT": {
      const body = await readJson(request);
      if (body.id !== undefined && body.id !== id && body.id !== String(id)) {
        throw new HttpError(400, "The id in the body does not match the id in the path.");
      }
      const albumIds = body.albumIds === undefined ? undefined : parseAlbumIds(body.albumIds);
      const visibility = parsePhotoVisibility(body.visibility);
      const keepPublic = parseKeepPublic(body.keepPublic);
      const tags = body.tags === undefined ? undefined : parseImageTags(body.tags);
      // Albums, visibility or tags alone may be sent: the name and description then stay as they are.
      const textLeftOut = (albumIds || visibility || tags) && body.name === undefined && body.description === undefined;
      const text = textLeftOut ? {} : parseImageText(body);
      const albums = albumIds && { ids: albumIds, keepPublic };
      return Response.json(updateImage(id, { ...text, visibility, tags }, albums));
    }
    case "DELETE":
      await deleteImage(id);
      return new Response(null, { status: 204 });
    default:
      throw new HttpError(405, "Use PUT to edit an image or DELETE to remove it.", {}, { Allow: ALLOW });
  }
});
