/**
 * Opening a share link, `/s/<token>` (docs/decisions/040-share-links.md): a
 * live link adds its grant to the browser's cookie and sends it to the album;
 * one with a password asks for it first. A wrong password, a link that has
 * none, an unknown, revoked or expired token all get the same refusal after
 * the same work (one bcrypt compare), throttled per client and per link.
 */
import { eq, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { redirect } from "react-router";
import { db } from "~/server/data/db.server";
import { albums, shareLinks, type ShareLinkRow } from "~/server/data/schema";
import { HttpError } from "~/server/core/http-error.server";
import { addGrant, linksOpenedHere } from "~/server/access/grant-cookie.server";
import { recordActivity } from "~/server/notify/activity.server";
import { linkEventMail } from "~/server/notify/owner-mail.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { HashPoolBusyError, HashPoolClosedError, verifyPassword } from "~/server/auth/password.server";
import { MAX_PASSWORD_BYTES } from "~/server/auth/password-policy.server";
import { createThrottle, refusedFor } from "~/server/auth/throttle.server";
import { assertSameOrigin, secureFor } from "~/server/http/security.server";
import { albumPath } from "~/lib/paths";
import { linkState, tokenHash } from "./share-links.server";

export const LINK_EXPIRED = "This link has expired";
export const LINK_REVOKED = "This link is no longer valid";
export const LINK_PASSWORD_CHANGED = "This link's password has changed";
export const WRONG_PASSWORD = "That password does not open this link.";

/** What `/s/<token>` shows: a live link asks for its password; an ended one says why. */
export type LinkPage = { kind: "password" } | { kind: "gone"; message: string };

/**
 * Its own throttle, with the login's limits: guessing a link's password never
 * locks the owner out of the admin. Guesses count per client and per link, so
 * guessing from many addresses stays slow; a browser that opened the link
 * before counts per client only, so strangers who hold the address cannot lock
 * the real client out (the login's known devices do the same).
 */
const shareThrottle = createThrottle();
const BUSY_RETRY_AFTER_S = 2;

function findByToken(token: string): ShareLinkRow | undefined {
  return db()
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, tokenHash(token)))
    .get();
}

/**
 * Whether opening the link is the client looking: a HEAD request, a browser's prefetch, or a bot (a chat's link
 * preview, a script) counts no view. All of them still get the grant: a preview showing the album's cover to the
 * people the link was sent to is what the owner shared.
 */
function countsAsView(request: Request): boolean {
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return request.method !== "HEAD" && !/prefetch/i.test(purpose) && !isbot(request.headers.get("user-agent"));
}

/** Counts the view, adds the grant, and sends the browser to the album (303, so a form post becomes a GET). */
async function grantAndRedirect(request: Request, link: ShareLinkRow): Promise<Response> {
  const album = db().select({ slug: albums.slug }).from(albums).where(eq(albums.id, link.albumId)).get()!;
  if (countsAsView(request)) {
    // The link's first opening in this browser is a new person (or device) on the owner's activity list.
    const firstHere = !(await linksOpenedHere(request)).includes(link.id);
    db().transaction(() => {
      db()
        .update(shareLinks)
        .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastUsedAt: new Date() })
        .where(eq(shareLinks.id, link.id))
        .run();
      if (firstHere)
        recordActivity({
          kind: "opened",
          linkId: link.id,
          mail: () => linkEventMail("opened", link.id, siteOrigin(request)),
        });
    });
  }
  const setCookie = await addGrant(request, link, secureFor(request));
  return redirect(albumPath(album.slug), { status: 303, headers: { "Set-Cookie": setCookie } });
}

/** GET `/s/<token>`: unknown → 404 as any missing page; ended → 410; without a password → the album. */
export async function openShareLink(request: Request, token: string): Promise<LinkPage | Response> {
  const link = findByToken(token);
  if (!link) throw new HttpError(404, "Not found.");
  const state = linkState(link);
  if (state !== "live") return { kind: "gone", message: state === "expired" ? LINK_EXPIRED : LINK_REVOKED };
  if (link.passwordHash) return { kind: "password" };
  return grantAndRedirect(request, link);
}

/** POST `/s/<token>?unlock`: the password form. Answers nothing about the link but "right password" or not. */
export async function unlockShareLink(
  request: Request,
  token: string,
  password: string | undefined,
  clientIp: string,
): Promise<Response> {
  assertSameOrigin(request);
  if (!password) throw new HttpError(400, "Enter the password.");
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) throw new HttpError(401, WRONG_PASSWORD);
  const link = findByToken(token);
  const openedHere = link !== undefined && (await linksOpenedHere(request)).includes(link.id);
  const admission = shareThrottle.begin(
    openedHere ? [`ip:${clientIp}`] : [`ip:${clientIp}`, `link:${tokenHash(token)}`],
  );
  if (!admission.allowed) throw refusedFor(admission.retryAfterSeconds, "Too many wrong passwords.");
  const { attempt } = admission;
  let matches: boolean;
  try {
    // A link without a password (or no link) is compared against a hash of nothing known: the same work.
    matches = await verifyPassword(password, link?.passwordHash ?? undefined);
  } catch (error) {
    attempt.cancelled();
    const retryAfter = { "Retry-After": String(BUSY_RETRY_AFTER_S) };
    if (error instanceof HashPoolBusyError || error instanceof HashPoolClosedError)
      throw new HttpError(503, "The server is busy. Try again in a moment.", {}, retryAfter);
    throw error;
  }
  if (!link || !matches || linkState(link) !== "live") {
    attempt.failed();
    throw new HttpError(401, WRONG_PASSWORD);
  }
  attempt.succeeded();
  return grantAndRedirect(request, link);
}
