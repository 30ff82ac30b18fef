import { HttpError } from "~/server/core/http-error.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { favouriteForm } from "~/server/sharing/favourite-form.server";
import type { Route } from "./+types/photography.albums.$slug.favourites";

/** A share-link visitor's heart and name forms on the album page (favourite-form.server.ts). */
export const action = jsonApi(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST to mark a favourite.", {}, { Allow: "POST" });
  return favouriteForm(request, params.slug, context.clientIp);
});

export const loader = methodNotAllowed("POST");
