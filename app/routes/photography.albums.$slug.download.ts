import { requestAccess } from "~/server/access/access.server";
import { albumDownload } from "~/server/downloads/download-response.server";
import { jsonApi } from "~/server/http/http.server";
import type { Route } from "./+types/photography.albums.$slug.download";

/** "Download all": the album's photos as a streamed ZIP, at the request's permission for the album. */
export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) => albumDownload(request, await requestAccess(request), params.slug),
  { allow: "GET, HEAD" },
);
