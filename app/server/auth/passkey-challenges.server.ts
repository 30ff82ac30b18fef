/**
 * WebAuthn challenges (record 028): each is kept here until the verify that
 * answers it takes it, at most once and within CHALLENGE_TTL_MS. The page that
 * asked gets a random handle with the options and sends it back with the
 * answer (the map's key is its hash), so a challenge is good only for the page
 * it was issued to; a registration's is also good only for the session that
 * asked. They are kept in memory, not in the database: asking for sign-in
 * options is anonymous, and must not write (issue 28). A restart forgets them,
 * which costs a pending sign-in one more try.
 */
import { z } from "zod";
import { HttpError } from "~/server/core/http-error.server";
import { randomToken, sha256 } from "~/server/core/tokens.server";
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

/** At most this many wait for an answer; beyond it the oldest goes (a flood of asks costs memory, not the disk). */
const MAX_CHALLENGES = 10_000;

interface Challenge {
  purpose: Purpose;
  challenge: string;
  /** The session that asked to register; null for a sign-in. */
  sessionId: number | null;
  expiresAt: number;
}

/** By the handle's hash, oldest first. */
const challenges = new Map<string, Challenge>();

/** Keeps `challenge` for the page (and the session) that asked; returns the handle the page sends back. */
export function keepChallenge(
  purpose: Purpose,
  challenge: string,
  sessionId: number | null = null,
  now = Date.now(),
): string {
  for (const [key, kept] of challenges) {
    if (kept.expiresAt > now && challenges.size < MAX_CHALLENGES) break;
    challenges.delete(key);
  }
  const challengeId = randomToken();
  challenges.set(sha256(challengeId), { purpose, challenge, sessionId, expiresAt: now + CHALLENGE_TTL_MS });
  return challengeId;
}

/**
 * Takes the challenge behind `challengeId`, so it cannot be answered twice:
 * 400 when there is none, it expired, it was for the other ceremony, or it
 * belongs to another session.
 */
export function takeChallenge(
  challengeId: string,
  purpose: Purpose,
  sessionId: number | null = null,
  now = Date.now(),
): string {
  const key = sha256(challengeId);
  const taken = challenges.get(key);
  challenges.delete(key);
  if (!taken || taken.purpose !== purpose || taken.sessionId !== sessionId || taken.expiresAt <= now) {
    throw new HttpError(400, CHALLENGE_EXPIRED);
  }
  return taken.challenge;
}
