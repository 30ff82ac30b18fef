import { albumListOrder, findAlbumRow } from "~/server/albums/albums.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { jsonApi } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { uploadImages } from "~/server/photos/image-upload.server";
import { listImages } from "~/server/photos/images.server";
import { parseListQuery } from "~/server/photos/list-query.server";
import { galleryListOrder } from "~/server/photos/featured-order.server";
import type { Route } from "./+types/api.image";
import { requestAccess } from "~/server/access/access.server";

const ALLOW = "GET, POST";

export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) => {
    const access = await requestAccess(request);
    // An album's own order when the query names none (and a 404 for an album that is not there, or not the request's to see).
    const query = parseListQuery(new URL(request.url).searchParams, {
      album: (albumId) => albumListOrder(findAlbumRow(albumId, access)),
      gallery: galleryListOrder(),
    });
    return Response.json(listImages(query, access));
  },
  { allow: ALLOW },
);

export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to upload an image.", {}, { Allow: ALLOW });
  const [result] = await uploadImages(request, { maxFiles: 1 });
  if (!result) throw new HttpError(400, "Send the image in the field named image.");
  if (!result.ok) throw result.error;
  return Response.json(result.image, { status: 201 });
});
