/**
 * What became of a plain-form upload in the Site section (the CV, the
 * portrait), carried across its Post/Redirect/Get in a short-lived signed
 * cookie the page reads once, as the dashboard's upload report is.
 */
import { createCookie } from "react-router";
import { ADMIN_SITE_PATH } from "~/lib/paths";
import { secureFor } from "~/server/auth/auth.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";

export interface SiteNotice {
  /** The section it belongs to. */
  section: "cv" | "portrait";
  ok: boolean;
  text: string;
}

let noticeCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  noticeCookie ??= createCookie("__site_notice", {
    httpOnly: true,
    sameSite: "lax",
    path: ADMIN_SITE_PATH,
    maxAge: 60,
    secrets: sessionSecrets(),
  });
  return noticeCookie;
}

export async function siteNoticeCookie(request: Request, notice: SiteNotice): Promise<string> {
  return cookie().serialize(notice, { secure: secureFor(request) });
}

/** The notice waiting for the page, if any, and the Set-Cookie that consumes it. */
export async function takeSiteNotice(request: Request): Promise<{ notice: SiteNotice; clear: string } | null> {
  const notice = (await cookie().parse(request.headers.get("cookie"))) as SiteNotice | null;
  if (!notice || typeof notice !== "object" || typeof notice.text !== "string") return null;
  return { notice, clear: await cookie().serialize("", { maxAge: 0, secure: secureFor(request) }) };
}
