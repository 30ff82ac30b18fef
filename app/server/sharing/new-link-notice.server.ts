/**
 * The URL of a link just made, carried across the redirect after the form
 * (so a reload never makes a second link) in a short-lived signed cookie of
 * the owner's browser: the token is kept nowhere on the server, and the page
 * shows it once, clearing the cookie as it reads it.
 */
import { createCookie } from "react-router";
import { secureFor } from "~/server/auth/auth.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";

export interface NewLinkNotice {
  albumId: number;
  label: string;
  url: string;
}

let noticeCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  noticeCookie ??= createCookie("__new_share_link", {
    httpOnly: true,
    sameSite: "strict",
    path: "/photography/admin/albums",
    maxAge: 5 * 60,
    secrets: sessionSecrets(),
  });
  return noticeCookie;
}

function isNotice(value: unknown): value is NewLinkNotice {
  if (!value || typeof value !== "object") return false;
  const notice = value as Record<string, unknown>;
  return typeof notice.albumId === "number" && typeof notice.label === "string" && typeof notice.url === "string";
}

/** The Set-Cookie that carries a new link's URL to the page the form redirects to. */
export function rememberNewLink(request: Request, notice: NewLinkNotice): Promise<string> {
  return cookie().serialize(notice, { secure: secureFor(request) });
}

/** The new link of this album to show, if the browser carries one, and the Set-Cookie that clears it. */
export async function takeNewLink(
  request: Request,
  albumId: number,
): Promise<{ notice: NewLinkNotice | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("__new_share_link=")) return { notice: null, clear: null };
  const value: unknown = await cookie().parse(header);
  const clear = await cookie().serialize("", { maxAge: 0, secure: secureFor(request) });
  return { notice: isNotice(value) && value.albumId === albumId ? value : null, clear };
}
