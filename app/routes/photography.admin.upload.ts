import { redirect } from "react-router";
import { MAX_FORM_FILES } from "~/lib/limits";
import { ADMIN_PATH } from "~/lib/paths";
import { requireAdminPage } from "~/server/auth/auth.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { uploadImages } from "~/server/photos/image-upload.server";
import { summarizeUpload, uploadReportCookie, type UploadReport } from "~/server/photos/upload-report.server";
import type { Route } from "./+types/photography.admin.upload";

/**
 * The dashboard's plain upload form (without JavaScript; with it, uploads go
 * to /api/image). Answers with a redirect back to the dashboard, which shows
 * what became of each file.
 */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdminPage(request, ADMIN_PATH);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to upload images.", {}, { Allow: "POST" });
  let report: UploadReport;
  try {
    report = summarizeUpload(await uploadImages(request, { maxFiles: MAX_FORM_FILES }));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    report = { error: error.message };
  }
  return redirect(ADMIN_PATH, {
    status: 303,
    headers: { "Cache-Control": PRIVATE_NO_STORE, "Set-Cookie": await uploadReportCookie(request, report) },
  });
});

export const loader = methodNotAllowed("POST");
