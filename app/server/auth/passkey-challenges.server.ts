/**
 * WebAuthn challenges (record 028): each is stored here until the verify that
 * answers it takes it, at most once and within CHALLENGE_TTL_MS. The page that
 * asked gets a random handle with the options and sends it back with the
 * answer (the row's key is its hash), so a challenge is good only for the page
 * it was issued to; a registration's is also good only for the session that
 * asked.
 */
import { eq, lt } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "~/server/core/http-error.server";
import { randomToken, sha256 } from "~/server/core/tokens.server";
import { db } from "~/server/data/db.server";
import { passkeyChallenges } from "~/server/data/schema";
import { siteOrigin } from "~/server/http/site-origin.server";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_EXPIRED = "The passkey request has expired. Try again.";

type Purpose = "register" | "sign-in";

/**
 * The WebAuthn library, loaded the first time a passkey is registered or used: importing it costs about a quarter
 * of a second, which every start of a site without passkeys would otherwise pay.
 */
export const webAuthn = () => import("@simplewebauthn/server");

/** The handle a page sends back with its answer. */
export const challengeIdField = z
  .string({ error: "must be the challengeId the options came with" })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "must be the challengeId the options came with" });

/**
 * Who the passkeys belong to and where they may be used: PUBLIC_URL's host
 * and origin when set, else the host and origin the request was sent to.
 */
export function relyingParty(request: Request): { rpID: string; origin: string } {
  const origin = siteOrigin(request);
  return { rpID: new URL(origin).hostname, origin };
}

/** Keeps `challenge` for the page (and the session) that asked; returns the handle the page sends back. */
export function keepChallenge(purpose: Purpose, challenge: string, sessionId: number | null = null): string {
  const challengeId = randomToken();
  const now = Date.now();
  db()
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, new Date(now)))
    .run();
  db()
    .insert(passkeyChallenges)
    .values({
      idHash: sha256(challengeId),
      purpose,
      challenge,
      sessionId,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
    })
    .run();
  return challengeId;
}

/**
 * Takes the challenge behind `challengeId`, so it cannot be answered twice:
 * 400 when there is none, it expired, it was for the other ceremony, or it
 * belongs to another session.
 */
export function takeChallenge(challengeId: string, purpose: Purpose, sessionId: number | null = null): string {
  const taken = db()
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.idHash, sha256(challengeId)))
    .returning()
    .get();
  if (!taken || taken.purpose !== purpose || taken.sessionId !== sessionId || taken.expiresAt.getTime() <= Date.now()) {
    throw new HttpError(400, CHALLENGE_EXPIRED);
  }
  return taken.challenge;
}
