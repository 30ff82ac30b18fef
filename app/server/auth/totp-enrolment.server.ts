/**
 * Turning two-step codes on and off from the account page. A new secret
 * waits on the user's row (never in the page's form) until a first code from
 * the app confirms it; only then are codes asked for at login.
 */
import { eq } from "drizzle-orm";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { users } from "~/server/data/schema";
import type { AdminSession } from "./auth.server";
import { checkCurrentPassword } from "./current-password.server";
import { MAX_PASSWORD_BYTES, fieldError } from "./password-policy.server";
import { newRecoveryCodes, recoveryCodesLeft } from "./recovery-codes.server";
import { checkSecondFactor, readCode } from "./second-factor.server";
import { groupedSecret, matchingStep, newTotpSecret, totpQrSvg } from "./totp.server";
import { turnOffTwoStep } from "./two-step-off.server";

export type TwoStepStatus =
  | { state: "off" }
  | { state: "pending"; qrSvg: string; secret: string }
  | { state: "on"; since: string; recoveryCodesLeft: number };

function ownerOf(session: AdminSession) {
  const user = db().select().from(users).where(eq(users.id, session.userId)).get();
  if (!user) throw new HttpError(401, "You must be logged in as the admin.");
  return user;
}

function requiredCode(value: string | undefined): string {
  const code = readCode(value, { field: "code" });
  if (!code) throw fieldError("code", "Enter a code.");
  return code;
}

/** Where it stands; `siteName` names the pending secret's QR code in the owner's app. */
export async function twoStepStatus(session: AdminSession, siteName: string): Promise<TwoStepStatus> {
  const user = ownerOf(session);
  if (user.totpEnabledAt) {
    return { state: "on", since: user.totpEnabledAt.toISOString(), recoveryCodesLeft: recoveryCodesLeft(user.id) };
  }
  if (!user.totpPendingSecret) return { state: "off" };
  return {
    state: "pending",
    qrSvg: await totpQrSvg(user.totpPendingSecret, user.username, siteName),
    secret: groupedSecret(user.totpPendingSecret),
  };
}

/** A new secret to add to the app; starting again replaces the one pending. */
export function beginTotp(session: AdminSession): void {
  const user = ownerOf(session);
  if (user.totpEnabledAt) throw new HttpError(409, "Two-step codes are on already.");
  db().update(users).set({ totpPendingSecret: newTotpSecret() }).where(eq(users.id, user.id)).run();
}

export function cancelTotp(session: AdminSession): void {
  db().update(users).set({ totpPendingSecret: null }).where(eq(users.id, session.userId)).run();
}

/** The app's first code turns two-step codes on; returns the recovery codes, shown this once. */
export function confirmTotp(session: AdminSession, typedCode: string | undefined): string[] {
  const user = ownerOf(session);
  const secret = user.totpPendingSecret;
  if (user.totpEnabledAt || !secret) throw new HttpError(409, "Start again: turn on two-step codes.");
  const step = matchingStep(secret, requiredCode(typedCode).replace(/\s/g, ""));
  if (step === null) {
    throw fieldError("code", "That code is wrong. Check that the app's time is right and enter its newest code.");
  }
  db()
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step })
    .where(eq(users.id, user.id))
    .run();
  return newRecoveryCodes(user.id);
}

/** A code from the app (or a recovery code) proves the owner holds the second factor still. */
function checkOwnersCode(user: ReturnType<typeof ownerOf>, typedCode: string | undefined): void {
  if (!user.totpEnabledAt) throw new HttpError(409, "Two-step codes are off.");
  checkSecondFactor(user, requiredCode(typedCode), [`account:${user.id}`], { field: "code" });
}

/** Replaces every recovery code; needs a current code, so a session left open cannot read new ones. */
export function remakeRecoveryCodes(session: AdminSession, typedCode: string | undefined): string[] {
  const user = ownerOf(session);
  checkOwnersCode(user, typedCode);
  return newRecoveryCodes(user.id);
}

/** Needs the password and a current code: both factors, as a login would. */
export async function turnOffTotp(
  session: AdminSession,
  input: { password: string | undefined; code: string | undefined },
): Promise<void> {
  const user = ownerOf(session);
  if (!input.password) throw fieldError("password", "The password is required.");
  if (Buffer.byteLength(input.password) > MAX_PASSWORD_BYTES) {
    throw fieldError("password", "The current password is wrong.");
  }
  const code = requiredCode(input.code);
  await checkCurrentPassword(user, input.password, "password");
  checkOwnersCode(user, code);
  turnOffTwoStep(user.id);
}
