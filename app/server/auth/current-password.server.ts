import { HttpError } from "~/server/core/http-error.server";
import { HashPoolBusyError, HashPoolClosedError, verifyPassword } from "./password.server";
import { fieldError } from "./password-policy.server";
import { loginThrottle, refusedFor } from "./throttle.server";

/**
 * Checks the signed-in owner's password before a change that needs it (a new
 * password, turning two-step codes off). Throttled like a login, so a stolen
 * session cannot guess it; a refusal names `field`, the form's input.
 */
export async function checkCurrentPassword(
  user: { id: number; passwordHash: string },
  password: string,
  field: string,
): Promise<void> {
  const admission = loginThrottle.begin([`account:${user.id}`]);
  if (!admission.allowed) {
    throw refusedFor(admission.retryAfterSeconds, "Too many wrong passwords.", { field });
  }
  let matches: boolean;
  try {
    matches = await verifyPassword(password, user.passwordHash, { urgent: true });
  } catch (error) {
    admission.attempt.cancelled();
    if (error instanceof HashPoolBusyError || error instanceof HashPoolClosedError) {
      throw new HttpError(503, "The server is busy. Try again in a moment.", {}, { "Retry-After": "2" });
    }
    throw error;
  }
  if (!matches) {
    admission.attempt.failed();
    throw fieldError(field, "The current password is wrong.");
  }
  admission.attempt.succeeded();
}
