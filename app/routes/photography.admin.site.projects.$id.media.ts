import { redirect } from "react-router";
import { ADMIN_SITE_PROJECTS_PATH } from "~/lib/paths";
import { requireAdminPage } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { mediaNoticeCookie } from "~/server/projects/media-notice.server";
import { parseProjectId } from "~/server/projects/project-input.server";
import { uploadProjectMedia } from "~/server/projects/project-media.server";
import type { Route } from "./+types/photography.admin.site.projects.$id.media";

/**
 * The projects page's media form (multipart, so not a page action): stores
 * the upload, then sends the owner back to the project's form with what
 * became of it. A refusal keeps the old media.
 */
export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdminPage(request, ADMIN_SITE_PROJECTS_PATH);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to upload media.", {}, { Allow: "POST" });
  const id = parseProjectId(params.id);
  const back = `${ADMIN_SITE_PROJECTS_PATH}?${new URLSearchParams({ edit: String(id) })}#media`;
  let notice;
  try {
    const media = await uploadProjectMedia(id, request);
    notice = { id, ok: true, message: media.kind === "video" ? "Video and poster saved." : "Image saved." };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 404) throw error;
    notice = { id, ok: false, message: error.message };
  }
  return redirect(back, {
    status: 303,
    headers: { "Cache-Control": PRIVATE_NO_STORE, "Set-Cookie": await mediaNoticeCookie(request, notice) },
  });
});

export const loader = methodNotAllowed("POST");
