/**
 * Time-based one-time codes (RFC 6238 as authenticator apps read them:
 * SHA1, 6 digits, 30 s), through `otpauth`. A code is accepted in its own
 * step and the one on either side (clocks drift), and only once: the step of
 * the last accepted code is kept, and a code of that step or an earlier one
 * is refused.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { db } from "~/server/data/db.server";
import { users } from "~/server/data/schema";

const PERIOD_S = 30;
/** A six-digit code; spaces typed between the groups are dropped first. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** The codes of `secret`. The issuer and label only name them in the owner's app: checking a code needs neither. */
function totpFor(secret: string, names?: { issuer: string; label: string }): TOTP {
  return new TOTP({
    ...names,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The secret in groups of four, easier to read and type into an app. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)!.join(" ");
}

/**
 * The app's key URI as an inline SVG QR code, drawn on the server so it shows
 * without JavaScript; the app lists it as `issuer` (the site's name) and `username`.
 */
export async function totpQrSvg(secret: string, username: string, issuer: string): Promise<string> {
  // Loaded with the first code to draw, not at every start (record 097).
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(totpFor(secret, { issuer, label: username }).toString(), {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
}

/** The step a right code belongs to, or null for a wrong one. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/**
 * Checks a code against the user's enabled secret and records its step, in
 * one conditional write: of two requests with the same code, one wins.
 */
export function spendTotpCode(user: { id: number; totpSecret: string | null }, code: string): boolean {
  if (!user.totpSecret) return false;
  const step = matchingStep(user.totpSecret, code);
  if (step === null) return false;
  const { changes } = db()
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .run();
  return changes === 1;
}
