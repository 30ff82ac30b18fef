import { requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { removeCv, uploadCv } from "~/server/site/site-cv.server";
import type { Route } from "./+types/api.site.cv";

const ALLOW = "POST, DELETE";

/** POST: a PDF (multipart, field `cv`, at most 10 MB) replaces the CV; DELETE: no CV. */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdmin(request);
  switch (request.method) {
    case "POST":
      await uploadCv(request);
      return Response.json({ cv: "/cv.pdf" }, { status: 201 });
    case "DELETE":
      await removeCv();
      return new Response(null, { status: 204 });
    default:
      throw new HttpError(405, "Use POST to upload a CV or DELETE to remove it.", {}, { Allow: ALLOW });
  }
});

export const loader = methodNotAllowed(ALLOW);
