import { HttpError } from "~/server/core/http-error.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { selectionForm } from "~/server/sharing/selection-form.server";
import type { Route } from "./+types/photography.albums.$slug.selection";

/** A share-link visitor's "Send my selection" and comment forms on the album page (selection-form.server.ts). */
export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST to send a selection.", {}, { Allow: "POST" });
  return selectionForm(request, params.slug);
});

export const loader = methodNotAllowed("POST");
