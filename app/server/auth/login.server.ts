import { eq } from "drizzle-orm";
import { openSession } from "./auth.server";
import { db } from "~/server/data/db.server";
import { HttpError } from "~/server/core/http-error.server";
import { knownDevice, rememberDevice } from "./known-device.server";
import { HashPoolBusyError, HashPoolClosedError, verifyPassword } from "./password.server";
import { users } from "~/server/data/schema";
import { assertSameOrigin, secureFor } from "~/server/http/security.server";
import { MAX_PASSWORD_BYTES } from "./password-policy.server";
import { loginThrottle, refusedFor } from "./throttle.server";
import { issueLoginTicket, readLoginTicket, spendLoginTicket } from "./login-ticket.server";
import { CODE_REQUIRED, checkSecondFactor, readCode } from "./second-factor.server";

/** ADMIN_USERNAME allows at most this many characters, so a longer name cannot be anyone's. */
const MAX_USERNAME_LENGTH = 64;
const BUSY_RETRY_AFTER_S = 2;

type User = typeof users.$inferSelect;

/** The page's login after a right password: signed in, or a second step to take (its ticket's Set-Cookie). */
export type PasswordStep = { signedIn: LoginResult } | { secondStep: { setCookie: string } };

/** A page's second step whose ticket expired or was never there: the page asks for the password again. */
export const LOGIN_TICKET_EXPIRED = "The sign-in took too long. Enter your password again.";

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
 * Checks the credentials. Unknown users and wrong passwords get the same
 * answer after the same bcrypt work (one task in the hash pool each).
 * Returns the user and the client's throttle keys, which its codes share.
 */
async function checkPassword(
  request: Request,
  input: { username?: unknown; password?: unknown },
  clientIp: string,
): Promise<{ user: User; keys: string[] }> {
  assertSameOrigin(request);
  const { username, password } = readCredentials(input);
  const user = db().select().from(users).where(eq(users.username, username)).get();
  const { keys, knownDevice } = await clientKeys(request, user, clientIp, username);

  const admission = loginThrottle.begin(keys);
  if (!admission.allowed) {
    throw refusedFor(admission.retryAfterSeconds, "Too many failed login attempts.");
  }
  const { attempt } = admission;
  let matches: boolean;
  try {
    matches = await verifyPassword(password, user?.passwordHash, { urgent: knownDevice });
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
  return { user, keys };
}

/** Throttle keys: a browser that logged in before is that device; any other client its IP and the user name. */
async function clientKeys(request: Request, user: User | undefined, clientIp: string, username: string) {
  const device = await knownDevice(request, user);
  return device
    ? { keys: [`device:${device.id}`], knownDevice: true }
    : { keys: [`ip:${clientIp}`, `user:${username.toLowerCase()}`], knownDevice: false };
}

/** Opens a new session once every factor passed. */
async function signIn(request: Request, user: User, clientIp: string): Promise<LoginResult> {
  const { token, setCookie } = await openSession(request, user.id, clientIp);
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await rememberDevice(user, secureFor(request)));
  return { token, headers };
}

/**
 * The API's login: the credentials and, with two-step codes on, `code` in the
 * same request. Without it (or with a wrong one) the answer is a 401 that says
 * `twoFactorRequired`, so a client knows to ask for one.
 */
export async function login(
  request: Request,
  input: { username?: unknown; password?: unknown; code?: unknown },
  clientIp: string,
): Promise<LoginResult> {
  const { user, keys } = await checkPassword(request, input, clientIp);
  if (user.totpEnabledAt) {
    const asksForCode = { twoFactorRequired: true };
    const code = readCode(input.code, asksForCode);
    if (code === undefined) throw new HttpError(401, CODE_REQUIRED, asksForCode);
    checkSecondFactor(user, code, keys, asksForCode);
  }
  return signIn(request, user, clientIp);
}

/** The login page's first form: with two-step codes on, a right password earns a ticket for the second form. */
export async function passwordStep(
  request: Request,
  input: { username?: unknown; password?: unknown },
  clientIp: string,
): Promise<PasswordStep> {
  const { user } = await checkPassword(request, input, clientIp);
  if (!user.totpEnabledAt) return { signedIn: await signIn(request, user, clientIp) };
  return { secondStep: { setCookie: await issueLoginTicket(request, user.id) } };
}

/** The login page's second form: the ticket's user, and their code; the ticket is spent once it passes. */
export async function secondStep(request: Request, input: { code?: unknown }, clientIp: string): Promise<LoginResult> {
  assertSameOrigin(request);
  const ticket = await readLoginTicket(request);
  const user = ticket && db().select().from(users).where(eq(users.id, ticket.userId)).get();
  if (!ticket || !user?.totpEnabledAt) throw new HttpError(401, LOGIN_TICKET_EXPIRED, { restart: true });
  const code = readCode(input.code);
  if (code === undefined) throw new HttpError(400, CODE_REQUIRED);
  const { keys } = await clientKeys(request, user, clientIp, user.username);
  checkSecondFactor(user, code, keys);
  const result = await signIn(request, user, clientIp);
  result.headers.append("Set-Cookie", await spendLoginTicket(request, ticket.key));
  return result;
}
