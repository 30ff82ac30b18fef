/**
 * The Site section's plain upload forms (the CV, the portrait) post to
 * action-only routes: multipart bodies never go through `pageAction`. Each
 * streams its file, then answers with a 303 back to the page, carrying what
 * became of it in a notice (site-notice.server.ts).
 */
import { redirect } from "react-router";
import { ADMIN_SITE_PATH } from "~/lib/paths";
import { requireAdminPage } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { readForm } from "~/server/http/body.server";
import { siteNoticeCookie, type SiteNotice } from "./site-notice.server";

interface UploadRoute {
  section: SiteNotice["section"];
  upload: (request: Request) => Promise<void>;
  remove: () => Promise<void>;
  uploaded: string;
  removed: string;
}

/** A multipart post uploads; a plain form (the "No CV" / "Remove" buttons) removes. */
export function siteUploadAction({ section, upload, remove, uploaded, removed }: UploadRoute) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    await requireAdminPage(request, ADMIN_SITE_PATH);
    let notice: SiteNotice;
    try {
      if (request.method !== "POST") throw new HttpError(405, "Use POST here.", {}, { Allow: "POST" });
      if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
        await upload(request);
        notice = { section, ok: true, text: uploaded };
      } else {
        const form = await readForm(request);
        if (form.get("intent") !== "remove") throw new HttpError(400, "Choose a file to upload.");
        await remove();
        notice = { section, ok: true, text: removed };
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      notice = { section, ok: false, text: error.message };
    }
    return redirect(`${ADMIN_SITE_PATH}#${section}`, {
      status: 303,
      headers: { "Cache-Control": PRIVATE_NO_STORE, "Set-Cookie": await siteNoticeCookie(request, notice) },
    });
  };
}
