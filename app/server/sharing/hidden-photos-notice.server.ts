/**
 * How many photos the album admin page's "Hide them" hid, carried across the
 * redirect after the form in a short-lived signed cookie, shown once.
 */
import { flashCookie } from "~/server/http/flash-cookie.server";

interface HiddenNotice {
  albumId: number;
  count: number;
}

const notices = flashCookie("__album_hidden", { path: "/photography/admin/albums", maxAge: 5 * 60 }, isNotice);

function isNotice(value: unknown): value is HiddenNotice {
  if (!value || typeof value !== "object") return false;
  const notice = value as Record<string, unknown>;
  return typeof notice.albumId === "number" && typeof notice.count === "number";
}

/** The Set-Cookie that carries the count to the page the form redirects to. */
export function rememberHidden(request: Request, notice: HiddenNotice): Promise<string> {
  return notices.give(request, notice);
}

/** How many the last "Hide them" of this album hid, if the browser carries it, and the Set-Cookie that clears it. */
export async function takeHidden(
  request: Request,
  albumId: number,
): Promise<{ count: number | null; clear: string | null }> {
  const taken = await notices.take(request);
  return { count: taken?.value?.albumId === albumId ? taken.value.count : null, clear: taken?.clear ?? null };
}
