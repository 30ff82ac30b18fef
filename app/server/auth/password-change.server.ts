import { eq } from "drizzle-orm";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { users } from "~/server/data/schema";
import type { AdminSession } from "./auth.server";
import { endOtherSessions } from "./devices.server";
import { HashPoolBusyError, HashPoolClosedError, hashPassword, verifyPassword } from "./password.server";
import { assertAcceptablePassword, fieldError, MAX_PASSWORD_BYTES } from "./password-policy.server";
import { loginThrottle } from "./throttle.server";

export interface PasswordChange {
  currentPassword: string | undefined;
  newPassword: string | undefined;
  confirmPassword: string | undefined;
}

function required(value: string | undefined, field: string, label: string): string {
  if (!value) throw fieldError(field, `${label} is required.`);
  return value;
}

/**
 * Sets a new password after checking the current one, and ends every other
 * session (the one used here stays). Checking the current password is
 * throttled like a login, so a stolen session cannot guess it.
 */
export async function changePassword(session: AdminSession, input: PasswordChange): Promise<{ endedSessions: number }> {
  const current = required(input.currentPassword, "currentPassword", "The current password");
  const next = required(input.newPassword, "newPassword", "The new password");
  const confirm = required(input.confirmPassword, "confirmPassword", "The new password, typed again,");
  if (Buffer.byteLength(current) > MAX_PASSWORD_BYTES) {
    throw fieldError("currentPassword", "The current password is wrong.");
  }
  const user = db().select().from(users).where(eq(users.id, session.userId)).get();
  if (!user) throw new HttpError(401, "You must be logged in as the admin.");
  assertAcceptablePassword(next, user.username);
  if (confirm !== next) throw fieldError("confirmPassword", "The two new passwords differ.");

  const admission = loginThrottle.begin([`account:${user.id}`]);
  if (!admission.allowed) {
    const wait = admission.retryAfterSeconds;
    throw new HttpError(
      429,
      `Too many wrong passwords. Try again in ${wait} seconds.`,
      { field: "currentPassword" },
      { "Retry-After": String(wait) },
    );
  }
  let matches: boolean;
  try {
    matches = await verifyPassword(current, user.passwordHash, { urgent: true });
  } catch (error) {
    admission.attempt.cancelled();
    if (error instanceof HashPoolBusyError || error instanceof HashPoolClosedError) {
      throw new HttpError(503, "The server is busy. Try again in a moment.", {}, { "Retry-After": "2" });
    }
    throw error;
  }
  if (!matches) {
    admission.attempt.failed();
    throw fieldError("currentPassword", "The current password is wrong.");
  }
  admission.attempt.succeeded();

  const passwordHash = await hashPassword(next);
  return db().transaction(() => {
    db().update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    return { endedSessions: endOtherSessions(session) };
  });
}
