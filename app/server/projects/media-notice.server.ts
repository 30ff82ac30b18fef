/**
 * The media form's answer (an upload, so an action-only route: record 007)
 * crosses its Post/Redirect/Get in a short-lived signed cookie that the
 * projects page reads once, as the dashboard's upload report does.
 */
import { ADMIN_SITE_PROJECTS_PATH } from "~/lib/paths";
import { flashCookie } from "~/server/http/flash-cookie.server";

export interface MediaNotice {
  id: number;
  ok: boolean;
  message: string;
}

const mediaNotices = flashCookie(
  "__project_media",
  { path: ADMIN_SITE_PROJECTS_PATH, maxAge: 60 },
  (value): value is MediaNotice => !!value && typeof value === "object",
);

export function mediaNoticeCookie(request: Request, notice: MediaNotice): Promise<string> {
  return mediaNotices.give(request, { ...notice, message: notice.message.slice(0, 500) });
}

/** The notice waiting for the page, if any, and the Set-Cookie that consumes it. */
export async function takeMediaNotice(request: Request): Promise<{ notice: MediaNotice; clear: string } | null> {
  const taken = await mediaNotices.take(request);
  return taken?.value ? { notice: taken.value, clear: taken.clear } : null;
}
