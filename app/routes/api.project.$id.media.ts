import { requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { parseProjectId } from "~/server/projects/project-input.server";
import { uploadProjectMedia } from "~/server/projects/project-media.server";
import { findProjectRow, toProjectAdmin } from "~/server/projects/projects.server";
import type { Route } from "./+types/api.project.$id.media";

/** Multipart: `image` (the still, or the video's poster) and optionally `video` (MP4 or WebM, at most 50 MB). */
export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") {
    throw new HttpError(405, "Use POST to upload a project's media.", {}, { Allow: "POST" });
  }
  const id = parseProjectId(params.id);
  await uploadProjectMedia(id, request);
  return Response.json(toProjectAdmin(findProjectRow(id)));
});

export const loader = methodNotAllowed("POST");
