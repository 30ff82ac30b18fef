import type Bowser from "bowser";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { sessions } from "~/server/data/schema";
import type { AdminSession } from "./auth.server";
import { forgetLoginTickets } from "./login-ticket.server";

/** One signed-in session as the account page lists it. */
export interface Device {
  id: number;
  browser: string;
  system: string;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** The session this request came with. */
  current: boolean;
}

const UNKNOWN = "Unknown";

function describe(bowser: typeof Bowser, userAgent: string | null): { browser: string; system: string } {
  if (!userAgent) return { browser: UNKNOWN, system: UNKNOWN };
  const parsed = bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  return { browser: browser || UNKNOWN, system: system || UNKNOWN };
}

/** The user's live sessions, the most recently used first. */
export async function listDevices(session: AdminSession): Promise<Device[]> {
  // Loaded with the first list of devices, not at every start (record 097).
  const { default: Bowser } = await import("bowser");
  const rows = db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, session.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.id))
    .all();
  return rows.map((row) => ({
    id: row.id,
    ...describe(Bowser, row.userAgent),
    // An IPv4 client of a dual-stack listener comes as "::ffff:192.0.2.1": shown as the address people know.
    ip: row.ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "") ?? null,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    current: row.id === session.id,
  }));
}

/** Ends one of the user's other sessions: its cookie and its client token are one row, so both stop working. */
export function endSession(session: AdminSession, id: number): void {
  if (id === session.id) throw new HttpError(400, "This is the session you are using: use Logout to end it.");
  const ended = db()
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, session.userId)))
    .run();
  if (ended.changes === 0) throw new HttpError(404, "That session has already ended.");
}

/** Ends every session of the user but this one, and their logins waiting for a second step; returns how many sessions ended. */
export function endOtherSessions(session: AdminSession): number {
  forgetLoginTickets(session.userId);
  return db()
    .delete(sessions)
    .where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.id)))
    .run().changes;
}
