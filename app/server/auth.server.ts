import bcrypt from "bcryptjs";
import { and, eq, gt, lt } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "react-router";
import { config } from "./config.server";
import { db } from "./db.server";
import { httpError } from "./http.server";
import { sessions, users } from "./schema";
import { assertSameOrigin, isHttps, randomToken, sha256 } from "./security.server";
import { clearFailures, recordFailure, retryAfterSeconds } from "./throttle.server";

export const BCRYPT_COST = 12;
/** Idle lifetime: each use pushes expiry forward, at most up to the absolute lifetime. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Expiry is only written back when it moved by more than this, so reads stay reads. */
const SLIDE_GRANULARITY_MS = 60 * 60 * 1000;
const MAX_PASSWORD_BYTES = 72;

let sessionCookie: ReturnType<typeof createCookie> | undefined;

/** The signing secrets: SESSION_SECRET, or one generated once and kept in DATA_DIR. */
function sessionSecrets(): string[] {
  const configured = config().sessionSecrets;
  if (configured) return configured;
  const file = path.join(config().dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config().dataDir, { recursive: true });
    fs.writeFileSync(file, randomToken(48), { mode: 0o600, flag: "wx" });
  }
  return [fs.readFileSync(file, "utf8").trim()];
}

function cookie() {
  sessionCookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_ABSOLUTE_MS / 1000,
    secrets: sessionSecrets(),
  });
  return sessionCookie;
}

function secureFor(request: Request): boolean {
  const setting = config().cookieSecure;
  return setting === "auto" ? isHttps(request) : setting;
}

/** Creates the admin from the environment, or with a generated password printed once. */
export async function ensureAdmin(log: (line: string) => void = console.log): Promise<void> {
  sessionSecrets();
  const { adminUsername, adminPassword } = config();
  const existing = db().select().from(users).get();
  if (adminPassword) {
    if (existing && (await bcrypt.compare(adminPassword, existing.passwordHash))) {
      db().update(users).set({ username: adminUsername }).where(eq(users.id, existing.id)).run();
      return;
    }
    const passwordHash = await bcrypt.hash(adminPassword, BCRYPT_COST);
    if (existing) {
      // A new password ends every session opened with the old one.
      db().update(users).set({ username: adminUsername, passwordHash }).where(eq(users.id, existing.id)).run();
      db().delete(sessions).where(eq(sessions.userId, existing.id)).run();
    } else {
      db().insert(users).values({ username: adminUsername, passwordHash }).run();
    }
    return;
  }
  if (existing) {
    if (existing.username !== adminUsername) {
      db().update(users).set({ username: adminUsername }).where(eq(users.id, existing.id)).run();
    }
    return;
  }
  const generated = randomToken(18);
  db().insert(users).values({ username: adminUsername, passwordHash: await bcrypt.hash(generated, BCRYPT_COST) }).run();
  log(`Created the admin "${adminUsername}" with the password: ${generated}`);
  log("It is shown only this once. Set ADMIN_PASSWORD to choose your own.");
}

let dummyHash: Promise<string> | undefined;

export interface LoginResult {
  token: string;
  setCookie: string;
}

/**
 * Checks the credentials and opens a new session. Unknown users and wrong
 * passwords get the same answer after the same bcrypt work.
 */
export async function login(
  request: Request,
  input: { username?: unknown; password?: unknown },
  clientIp: string,
): Promise<LoginResult> {
  assertSameOrigin(request);
  const { username, password } = input;
  if (typeof username !== "string" || typeof password !== "string" || !username || !password) {
    throw httpError(400, "Username and password are required.");
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw httpError(400, `The password may be at most ${MAX_PASSWORD_BYTES} bytes long.`);
  }
  const keys = [`ip:${clientIp}`, `user:${username.toLowerCase()}`];
  const wait = retryAfterSeconds(keys);
  if (wait > 0) {
    throw httpError(429, `Too many failed login attempts. Try again in ${wait} seconds.`, {}, { "Retry-After": String(wait) });
  }
  const user = db().select().from(users).where(eq(users.username, username)).get();
  dummyHash ??= bcrypt.hash(randomToken(), BCRYPT_COST);
  const matches = await bcrypt.compare(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !matches) {
    recordFailure(keys);
    throw httpError(401, "Invalid username or password.");
  }
  clearFailures(keys);

  const sessionId = randomToken();
  const token = randomToken();
  const now = Date.now();
  db().delete(sessions).where(lt(sessions.expiresAt, new Date(now))).run();
  db()
    .insert(sessions)
    .values({
      userId: user.id,
      cookieHash: sha256(sessionId),
      tokenHash: sha256(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + SESSION_IDLE_MS),
      absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_MS),
    })
    .run();
  return { token, setCookie: await cookie().serialize(sessionId, { secure: secureFor(request) }) };
}

export interface AdminSession {
  id: number;
  userId: number;
  via: "cookie" | "token";
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The live session behind the request's bearer token or cookie, sliding its expiry. */
export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  const token = bearerToken(request);
  let via: AdminSession["via"];
  let where;
  if (token) {
    via = "token";
    where = eq(sessions.tokenHash, sha256(token));
  } else {
    const sessionId: unknown = await cookie().parse(request.headers.get("cookie"));
    if (typeof sessionId !== "string") return null;
    via = "cookie";
    where = eq(sessions.cookieHash, sha256(sessionId));
  }
  const now = Date.now();
  const row = db().select().from(sessions).where(and(where, gt(sessions.expiresAt, new Date(now)))).get();
  if (!row) return null;
  const slid = Math.min(now + SESSION_IDLE_MS, row.absoluteExpiresAt.getTime());
  if (slid - row.expiresAt.getTime() > SLIDE_GRANULARITY_MS) {
    db().update(sessions).set({ expiresAt: new Date(slid) }).where(eq(sessions.id, row.id)).run();
  }
  return { id: row.id, userId: row.userId, via };
}

/**
 * The guard on every protected loader, action and API handler: 401 without a
 * live session, 403 for a cookie-authenticated request from another site.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const session = await getAdminSession(request);
  if (!session) throw httpError(401, "You must be logged in as the admin.");
  if (session.via === "cookie") assertSameOrigin(request);
  return session;
}

export async function isAdmin(request: Request): Promise<boolean> {
  return (await getAdminSession(request)) !== null;
}

/** Revokes the session (cookie and token together) and returns the cookie that clears it. */
export async function logout(request: Request): Promise<string> {
  const session = await getAdminSession(request);
  if (session) {
    if (session.via === "cookie") assertSameOrigin(request);
    db().delete(sessions).where(eq(sessions.id, session.id)).run();
  }
  return cookie().serialize("", { maxAge: 0, secure: secureFor(request) });
}
