import { redirect } from "react-router";
import { requestAccess } from "~/server/access/access.server";
import { HttpError } from "~/server/core/http-error.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { favouriteForm } from "~/server/sharing/favourite-form.server";
import { albumPath, isScriptRequest } from "~/lib/paths";
import type { Route } from "./+types/photography.albums.$slug.favourites";

/** A share-link visitor's heart and name forms on the album page (favourite-form.server.ts). */
export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST to mark a favourite.", {}, { Allow: "POST" });
  try {
    return await favouriteForm(request, await requestAccess(request), params.slug);
  } catch (error) {
    // A plain form refused (a link revoked meanwhile, an album gone) goes back to the album page, which says why.
    if (error instanceof HttpError && !isScriptRequest(new URL(request.url))) {
      return redirect(albumPath(params.slug), { status: 303 });
    }
    throw error;
  }
});

export const loader = methodNotAllowed("POST");
