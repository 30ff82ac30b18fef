/**
 * What became of a plain-form upload in the Site section (the CV, the
 * portrait, the logo), carried across its Post/Redirect/Get in a short-lived signed
 * cookie the page reads once, as the dashboard's upload report is.
 */
import { ADMIN_SITE_PATH } from "~/lib/paths";
import { flashCookie } from "~/server/http/flash-cookie.server";

export interface SiteNotice {
  /** The section it belongs to. */
  section: "cv" | "portrait" | "logo";
  ok: boolean;
  text: string;
}

const siteNotices = flashCookie(
  "__site_notice",
  { path: ADMIN_SITE_PATH, maxAge: 60 },
  (value): value is SiteNotice =>
    !!value && typeof value === "object" && typeof (value as { text?: unknown }).text === "string",
);

export function siteNoticeCookie(request: Request, notice: SiteNotice): Promise<string> {
  return siteNotices.give(request, notice);
}

/** The notice waiting for the page, if any, and the Set-Cookie that consumes it. */
export async function takeSiteNotice(request: Request): Promise<{ notice: SiteNotice; clear: string } | null> {
  const taken = await siteNotices.take(request);
  return taken?.value ? { notice: taken.value, clear: taken.clear } : null;
}
