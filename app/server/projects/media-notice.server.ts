/**
 * The media form's answer (an upload, so an action-only route: record 007)
 * crosses its Post/Redirect/Get in a short-lived signed cookie that the
 * projects page reads once, as the dashboard's upload report does.
 */
import { createCookie } from "react-router";
import { ADMIN_SITE_PROJECTS_PATH } from "~/lib/paths";
import { secureFor } from "~/server/auth/auth.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";

export interface MediaNotice {
  id: number;
  ok: boolean;
  message: string;
}

let noticeCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  noticeCookie ??= createCookie("__project_media", {
    httpOnly: true,
    sameSite: "lax",
    path: ADMIN_SITE_PROJECTS_PATH,
    maxAge: 60,
    secrets: sessionSecrets(),
  });
  return noticeCookie;
}

export function mediaNoticeCookie(request: Request, notice: MediaNotice): Promise<string> {
  return cookie().serialize({ ...notice, message: notice.message.slice(0, 500) }, { secure: secureFor(request) });
}

/** The notice waiting for the page, if any, and the Set-Cookie that consumes it. */
export async function takeMediaNotice(request: Request): Promise<{ notice: MediaNotice; clear: string } | null> {
  const notice = (await cookie().parse(request.headers.get("cookie"))) as MediaNotice | null;
  if (!notice || typeof notice !== "object") return null;
  return { notice, clear: await cookie().serialize("", { maxAge: 0, secure: secureFor(request) }) };
}
