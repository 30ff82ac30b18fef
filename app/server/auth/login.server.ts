import { eq } from "drizzle-orm";
import { openSession, secureFor } from "./auth.server";
import { db } from "~/server/data/db.server";
import { HttpError } from "~/server/core/http-error.server";
import { knownDevice, rememberDevice } from "./known-device.server";
import { HashPoolBusyError, HashPoolClosedError, verifyPassword } from "./password.server";
import { users } from "~/server/data/schema";
import { assertSameOrigin } from "~/server/http/security.server";
import { MAX_PASSWORD_BYTES } from "./password-policy.server";
import { loginThrottle } from "./throttle.server";

/** ADMIN_USERNAME allows at most this many characters, so a longer name cannot be anyone's. */
const MAX_USERNAME_LENGTH = 64;
const BUSY_RETRY_AFTER_S = 2;

export interface LoginResult {
  token: string;
  /** Set-Cookie for the session, then for the known device. */
  headers: Headers;
}

function readCredentials(input: { username?: unknown; password?: unknown }): { username: string; password: string } {
  const { username, password } = input;
  if (typeof username !== "string" || typeof password !== "string" || !username || !password) {
    throw new HttpError(400, "Username and password are required.");
  }
  // Checked before anything keeps or hashes them.
  if (username.length > MAX_USERNAME_LENGTH) {
    throw new HttpError(400, `The username may be at most ${MAX_USERNAME_LENGTH} characters long.`);
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw new HttpError(400, `The password may be at most ${MAX_PASSWORD_BYTES} bytes long.`);
  }
  return { username, password };
}

/**
 * Checks the credentials and opens a new session. Unknown users and wrong
 * passwords get the same answer after the same bcrypt work (one task in the
 * hash pool each). A browser that logged in before is throttled as that
 * device; any other client per IP and per user name.
 */
export async function login(
  request: Request,
  input: { username?: unknown; password?: unknown },
  clientIp: string,
): Promise<LoginResult> {
  assertSameOrigin(request);
  const { username, password } = readCredentials(input);
  const user = db().select().from(users).where(eq(users.username, username)).get();
  const device = await knownDevice(request, user);
  const keys = device ? [`device:${device.id}`] : [`ip:${clientIp}`, `user:${username.toLowerCase()}`];

  const admission = loginThrottle.begin(keys);
  if (!admission.allowed) {
    const wait = admission.retryAfterSeconds;
    throw new HttpError(
      429,
      `Too many failed login attempts. Try again in ${wait} seconds.`,
      {},
      { "Retry-After": String(wait) },
    );
  }
  const { attempt } = admission;
  let matches: boolean;
  try {
    matches = await verifyPassword(password, user?.passwordHash, { urgent: device !== null });
  } catch (error) {
    attempt.cancelled();
    const retryAfter = { "Retry-After": String(BUSY_RETRY_AFTER_S) };
    if (error instanceof HashPoolBusyError)
      throw new HttpError(503, "The server is busy checking other logins. Try again in a moment.", {}, retryAfter);
    if (error instanceof HashPoolClosedError)
      throw new HttpError(503, "The server is restarting. Try again in a moment.", {}, retryAfter);
    throw error;
  }
  if (!user || !matches) {
    attempt.failed();
    throw new HttpError(401, "Invalid username or password.");
  }
  attempt.succeeded();

  const { token, setCookie } = await openSession(request, user.id, clientIp);
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await rememberDevice(user, secureFor(request)));
  return { token, headers };
}
