import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie, redirect } from "react-router";
import { isScriptRequest, loginHref } from "~/lib/paths";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { config } from "~/server/core/config.server";
import { db } from "~/server/data/db.server";
import { HttpError } from "~/server/core/http-error.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";
import { sessions, users } from "~/server/data/schema";
import { assertSameOrigin, safeRedirect, secureFor } from "~/server/http/security.server";
import { randomToken, sha256 } from "~/server/core/tokens.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";

/** Idle lifetime: each use pushes expiry forward, at most up to the absolute lifetime. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const NOT_LOGGED_IN = "You must be logged in as the admin.";
/** What a page running JavaScript shows in place when the admin's session ended under it. */
export const SESSION_ENDED = "Your session has ended — log in again";
/** Expiry is only written back when it moved by more than this, so reads stay reads. */
const SLIDE_GRANULARITY_MS = 60 * 60 * 1000;
/** "Last used" on the account page is as fresh as this, for the same reason. */
const LAST_USED_GRANULARITY_MS = 5 * 60 * 1000;
/** A user agent is kept to show the device's browser and system; no more of it is needed. */
const MAX_USER_AGENT_LENGTH = 512;

let sessionCookie: ReturnType<typeof createCookie> | undefined;

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

/** Creates the admin from the environment, or with a generated password printed once. */
export async function ensureAdmin(log: (line: string) => void = console.log): Promise<void> {
  sessionSecrets();
  await dummyPasswordHash();
  const { adminUsername, adminPassword } = config();
  const existing = db().select().from(users).get();
  if (adminPassword) {
    if (existing && (await verifyPassword(adminPassword, existing.passwordHash))) {
      db().update(users).set({ username: adminUsername }).where(eq(users.id, existing.id)).run();
      return;
    }
    const passwordHash = await hashPassword(adminPassword);
    if (existing) {
      // A new password ends every session opened with the old one.
      db().update(users).set({ username: adminUsername, passwordHash }).where(eq(users.id, existing.id)).run();
      db().delete(sessions).where(eq(sessions.userId, existing.id)).run();
      log("Reset the admin password from ADMIN_PASSWORD and ended every session.");
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
  db()
    .insert(users)
    .values({ username: adminUsername, passwordHash: await hashPassword(generated) })
    .run();
  log(`Created the admin "${adminUsername}" with the password: ${generated}`);
  log("It is shown only this once. Set ADMIN_PASSWORD to choose your own.");
}

/** Opens a new session for the user: the session cookie and the separate client token. */
export async function openSession(
  request: Request,
  userId: number,
  clientIp: string,
): Promise<{ token: string; setCookie: string }> {
  const sessionId = randomToken();
  const token = randomToken();
  const now = Date.now();
  db()
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date(now)))
    .run();
  db()
    .insert(sessions)
    .values({
      userId,
      cookieHash: sha256(sessionId),
      tokenHash: sha256(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + SESSION_IDLE_MS),
      absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_MS),
      userAgent: request.headers.get("user-agent")?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
      ip: clientIp,
      lastUsedAt: new Date(now),
    })
    .run();
  return { token, setCookie: await cookie().serialize(sessionId, { secure: secureFor(request) }) };
}

export interface AdminSession {
  id: number;
  userId: number;
  via: "cookie" | "token";
  /**
   * Until when this answer holds without a new lookup (ms since the epoch): the session's expiry, or sooner, when its
   * expiry or "last used" is next due to be written. What keeps the answer (access.server.ts) asks again after it.
   */
  until: number;
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
  const row = db()
    .select()
    .from(sessions)
    .where(and(where, gt(sessions.expiresAt, new Date(now))))
    .get();
  if (!row) return null;
  const slid = Math.min(now + SESSION_IDLE_MS, row.absoluteExpiresAt.getTime());
  let expiresAt = row.expiresAt.getTime();
  let lastUsed = row.lastUsedAt?.getTime() ?? 0;
  if (slid - expiresAt > SLIDE_GRANULARITY_MS || now - lastUsed > LAST_USED_GRANULARITY_MS) {
    expiresAt = Math.max(slid, expiresAt);
    lastUsed = now;
    db()
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt), lastUsedAt: new Date(now) })
      .where(eq(sessions.id, row.id))
      .run();
  }
  const nextWrite = Math.min(expiresAt - SESSION_IDLE_MS + SLIDE_GRANULARITY_MS, lastUsed + LAST_USED_GRANULARITY_MS);
  return { id: row.id, userId: row.userId, via, until: Math.min(expiresAt, nextWrite) };
}

/**
 * The guard on every /api handler that changes something: 401 without a live
 * session, 403 for a cookie-authenticated request from another site.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const session = await getAdminSession(request);
  if (!session) throw new HttpError(401, NOT_LOGGED_IN);
  if (session.via === "cookie") assertSameOrigin(request);
  return session;
}

/**
 * The guard on every protected page loader and action. Without a live
 * session a browser is sent to the login form, which brings it back to
 * `returnTo` (by default the requested page) once logged in; the page's own
 * script (`scriptActionHref`) gets a 401 HttpError instead, which the action
 * shows in place. A request from another site gets a 403 HttpError.
 */
export async function requireAdminPage(request: Request, returnTo?: string): Promise<AdminSession> {
  const session = await getAdminSession(request);
  const url = new URL(request.url);
  if (!session) {
    if (isScriptRequest(url)) throw new HttpError(401, SESSION_ENDED);
    const back = safeRedirect(returnTo ?? url.pathname + url.search);
    throw redirect(loginHref(back), { status: 303, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  }
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
