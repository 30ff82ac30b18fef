/**
 * The URL of a link just made, carried across the redirect after the form
 * (so a reload never makes a second link) in a short-lived signed cookie of
 * the owner's browser: the page's notice shows it once, clearing the cookie as
 * it reads it (the list keeps every live link's address, record 069).
 */
import { flashCookie } from "~/server/http/flash-cookie.server";

export interface NewLinkNotice {
  albumId: number;
  label: string;
  url: string;
}

const newLinks = flashCookie(
  "__new_share_link",
  { path: "/photography/admin/albums", maxAge: 5 * 60, sameSite: "strict" },
  isNotice,
);

function isNotice(value: unknown): value is NewLinkNotice {
  if (!value || typeof value !== "object") return false;
  const notice = value as Record<string, unknown>;
  return typeof notice.albumId === "number" && typeof notice.label === "string" && typeof notice.url === "string";
}

/** The Set-Cookie that carries a new link's URL to the page the form redirects to. */
export function rememberNewLink(request: Request, notice: NewLinkNotice): Promise<string> {
  return newLinks.give(request, notice);
}

/** The new link of this album to show, if the browser carries one, and the Set-Cookie that clears it. */
export async function takeNewLink(
  request: Request,
  albumId: number,
): Promise<{ notice: NewLinkNotice | null; clear: string | null }> {
  const taken = await newLinks.take(request);
  return { notice: taken?.value?.albumId === albumId ? taken.value : null, clear: taken?.clear ?? null };
}
