import { requestAccess } from "~/server/access/access.server";
import { parseAlbumId } from "~/server/albums/album-input.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { favouritesAnswer } from "~/server/sharing/favourites-api.server";
import type { Route } from "./+types/api.album.$id.favourites";

export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) =>
    favouritesAnswer(await requestAccess(request), parseAlbumId(params.id)),
  { allow: "GET" },
);

export const action = methodNotAllowed("GET");
