import { OWNER } from "~/server/access/access.server";
import { albumBySlug } from "~/server/albums/albums.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { pageError } from "~/server/http/http.server";
import { favouritesCsvResponse } from "~/server/sharing/favourites-csv.server";
import type { Route } from "./+types/photography.admin.albums.$slug.favourites-csv";

/** The owner's "Download CSV" of the album's favourites; anyone else is sent to the login form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  try {
    return favouritesCsvResponse(albumBySlug(params.slug, OWNER));
  } catch (error) {
    throw pageError(error);
  }
}
