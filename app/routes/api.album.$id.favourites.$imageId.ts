import { requestAccess } from "~/server/access/access.server";
import { parseAlbumId } from "~/server/albums/album-input.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { parseImageId } from "~/server/photos/image-input.server";
import { favouriteChange } from "~/server/sharing/favourites-api.server";
import type { Route } from "./+types/api.album.$id.favourites.$imageId";

export const loader = methodNotAllowed("PUT, DELETE");

export const action = jsonApi(async ({ request, params }: Route.ActionArgs) =>
  favouriteChange(request, await requestAccess(request), parseAlbumId(params.id), parseImageId(params.imageId)),
);
