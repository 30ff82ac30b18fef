import { requestAccess } from "~/server/access/access.server";
import { photoDownload } from "~/server/downloads/download-response.server";
import { jsonApi } from "~/server/http/http.server";
import type { Route } from "./+types/photography.albums.$slug.download.$imageId";

/** One photo of the album, at `?size=web|original` as the request's permission for the album allows. */
export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) =>
    photoDownload(request, await requestAccess(request), params.slug, params.imageId),
  { allow: "GET, HEAD" },
);
