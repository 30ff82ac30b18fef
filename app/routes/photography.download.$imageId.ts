import { requestAccess } from "~/server/access/access.server";
import { photoDownload } from "~/server/downloads/download-response.server";
import { jsonApi } from "~/server/http/http.server";
import type { Route } from "./+types/photography.download.$imageId";

/** One photo from the gallery: the owner's alone (a visitor downloads within an album a share link opens). */
export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) =>
    photoDownload(request, await requestAccess(request), undefined, params.imageId),
  { allow: "GET, HEAD" },
);
