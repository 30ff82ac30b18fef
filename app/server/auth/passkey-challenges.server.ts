/**
 * WebAuthn challenges (record 028): each is stored here until the verify that
 * answers it takes it, at most once and within CHALLENGE_TTL_MS. The browser
 * that asked holds a random cookie whose hash is the row's key, so a challenge
 * is good only in the browser it was issued to; a registration's is also good
 * only for the session that asked.
 */
import { eq, lt } from "drizzle-orm";
import { createCookie } from "react-router";
import { HttpError } from "~/server/core/http-error.server";
import { randomToken, sha256 } from "~/server/core/tokens.server";
import { db } from "~/server/data/db.server";
import { passkeyChallenges } from "~/server/data/schema";
import { siteOrigin } from "~/server/http/site-origin.server";
import { secureFor } from "./auth.server";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_EXPIRED = "The passkey request has expired. Try again.";

type Purpose = "register" | "sign-in";

const challengeCookie = createCookie("__passkey_challenge", {
  httpOnly: true,
  sameSite: "strict",
  // Only the passkey endpoints need it.
  path: "/api/auth/passkey",
  maxAge: CHALLENGE_TTL_MS / 1000,
});

/**
 * Who the passkeys belong to and where they may be used: PUBLIC_URL's host
 * and origin when set, else the host and origin the request was sent to.
 */
export function relyingParty(request: Request): { rpID: string; origin: string } {
  const origin = siteOrigin(request);
  return { rpID: new URL(origin).hostname, origin };
}

/** Keeps `challenge` for the browser (and the session) that asked; returns the cookie that binds it. */
export async function keepChallenge(
  request: Request,
  purpose: Purpose,
  challenge: string,
  sessionId: number | null = null,
): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  db()
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, new Date(now)))
    .run();
  db()
    .insert(passkeyChallenges)
    .values({ cookieHash: sha256(token), purpose, challenge, sessionId, expiresAt: new Date(now + CHALLENGE_TTL_MS) })
    .run();
  return challengeCookie.serialize(token, { secure: secureFor(request) });
}

/**
 * Takes the challenge this browser was given for `purpose`, so it cannot be
 * answered twice: 400 when there is none, it expired or it belongs to
 * another session.
 */
export async function takeChallenge(
  request: Request,
  purpose: Purpose,
  sessionId: number | null = null,
): Promise<string> {
  const token: unknown = await challengeCookie.parse(request.headers.get("cookie"));
  if (typeof token !== "string" || !token) throw new HttpError(400, CHALLENGE_EXPIRED);
  const taken = db()
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.cookieHash, sha256(token)))
    .returning()
    .get();
  if (!taken || taken.purpose !== purpose || taken.sessionId !== sessionId || taken.expiresAt.getTime() <= Date.now()) {
    throw new HttpError(400, CHALLENGE_EXPIRED);
  }
  return taken.challenge;
}

/** Clears the challenge cookie once its challenge is used. */
export function clearChallengeCookie(request: Request): Promise<string> {
  return challengeCookie.serialize("", { maxAge: 0, secure: secureFor(request) });
}
