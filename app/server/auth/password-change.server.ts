import { eq } from "drizzle-orm";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { users } from "~/server/data/schema";
import type { AdminSession } from "./auth.server";
import { endOtherSessions } from "./devices.server";
import { checkCurrentPassword } from "./current-password.server";
import { hashPassword } from "./password.server";
import { assertAcceptablePassword, fieldError, MAX_PASSWORD_BYTES } from "./password-policy.server";

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
 * throttled (`checkCurrentPassword`), so a stolen session cannot guess it.
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

  await checkCurrentPassword(user, current, "currentPassword");

  const passwordHash = await hashPassword(next);
  return db().transaction(() => {
    db().update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    return { endedSessions: endOtherSessions(session) };
  });
}
