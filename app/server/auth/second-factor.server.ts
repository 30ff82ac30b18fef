/**
 * Checking a second factor: a 6-digit code from the app or an unused recovery
 * code. Every try is throttled like a password, per client and per user (the
 * per-user key is what stops guesses spread over many addresses), and gets
 * the same 429 answer as a throttled password.
 */
import { HttpError } from "~/server/core/http-error.server";
import { spendRecoveryCode } from "./recovery-codes.server";
import { loginThrottle, refusedFor } from "./throttle.server";
import { TOTP_CODE_PATTERN, spendTotpCode } from "./totp.server";

export const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app, or a recovery code.";
export const CODE_WRONG = "That code is wrong or was used already.";
/** Longer than any code with its spaces and dashes: refused before it is looked at. */
const MAX_CODE_LENGTH = 32;

export interface SecondFactorUser {
  id: number;
  username: string;
  totpSecret: string | null;
}

/** The code as sent, or undefined when none was (an empty field counts as none). */
export function readCode(value: unknown, extra: Record<string, unknown> = {}): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || value.length > MAX_CODE_LENGTH) {
    throw new HttpError(400, `The code may be at most ${MAX_CODE_LENGTH} characters long.`, extra);
  }
  return value.trim() || undefined;
}

/**
 * Passes, or throws: 429 when throttled, 401 (with `extra`, such as the API's
 * `twoFactorRequired`) for a wrong or reused code.
 */
export function checkSecondFactor(
  user: SecondFactorUser,
  code: string,
  clientKeys: string[],
  extra: Record<string, unknown> = {},
): void {
  const admission = loginThrottle.begin([...clientKeys, `second-step:${user.id}`]);
  if (!admission.allowed) {
    throw refusedFor(admission.retryAfterSeconds, "Too many failed login attempts.");
  }
  const digits = code.replace(/\s/g, "");
  const passed = TOTP_CODE_PATTERN.test(digits) ? spendTotpCode(user, digits) : spendRecoveryCode(user.id, code);
  if (!passed) {
    admission.attempt.failed();
    throw new HttpError(401, CODE_WRONG, extra);
  }
  admission.attempt.succeeded();
}
