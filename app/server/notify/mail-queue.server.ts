/**
 * The owner's messages, queued durably (record 081): a message is a row of
 * `mail_queue`, written in the same transaction as what it tells, so a crash
 * or a mail server that is down loses nothing and the client's request never
 * waits for SMTP. The worker (mail-worker.server.ts) sends the due ones; a
 * failed attempt is retried after a delay that doubles, up to MAX_ATTEMPTS,
 * then the message is marked failed, which the activity list shows.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { config } from "~/server/core/config.server";
import { db } from "~/server/data/db.server";
import { mailQueue, type MailRow } from "~/server/data/schema";
import { redactUrls } from "~/server/core/redact.server";

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** Attempts before a message is marked failed: its retries span about two hours (1 + 2 + … + 64 minutes). */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 2 * 60 * 60_000;

/** How long to wait after the `attempts`-th failed attempt: 1, 2, 4 … minutes, at most two hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_WAIT_MS);
}

/** What a failed attempt leaves: the message retried later, or failed after its last attempt. */
export function afterFailure(attempts: number, now: Date): Pick<MailRow, "status" | "nextAttemptAt"> {
  if (attempts >= MAX_ATTEMPTS) return { status: "failed", nextAttemptAt: now };
  return { status: "queued", nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

/**
 * Queues `mail` to the owner, due now; its id, or null without SMTP settings
 * (nothing would ever send it). Call it inside the transaction of what it tells.
 */
export function enqueueMail(mail: Mail, now = new Date()): number | null {
  const settings = config().mail;
  if (!settings) return null;
  return db()
    .insert(mailQueue)
    .values({ ...mail, recipient: settings.to, nextAttemptAt: now, createdAt: now })
    .returning({ id: mailQueue.id })
    .get().id;
}

/** The message due first, if any is due at `now`. */
export function nextDueMail(now = new Date()): MailRow | undefined {
  return db()
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.status, "queued"), lte(mailQueue.nextAttemptAt, now)))
    .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
    .get();
}

/** When the next queued message falls due, to sleep until then. */
export function nextDueAt(): Date | undefined {
  return db()
    .select({ at: mailQueue.nextAttemptAt })
    .from(mailQueue)
    .where(eq(mailQueue.status, "queued"))
    .orderBy(asc(mailQueue.nextAttemptAt))
    .get()?.at;
}

export function markSent(id: number, now = new Date()): void {
  db()
    .update(mailQueue)
    .set({ status: "sent", sentAt: now, attempts: 1 + (attemptsOf(id) ?? 0) })
    .where(eq(mailQueue.id, id))
    .run();
}

/** Counts a failed attempt and schedules the next (or gives up); the error kept without credentials. */
export function markFailedAttempt(id: number, error: unknown, now = new Date()): void {
  const attempts = 1 + (attemptsOf(id) ?? 0);
  const message = redactUrls(error instanceof Error ? error.message : String(error)).slice(0, 500);
  db()
    .update(mailQueue)
    .set({ attempts, lastError: message, ...afterFailure(attempts, now) })
    .where(eq(mailQueue.id, id))
    .run();
}

function attemptsOf(id: number): number | undefined {
  return db().select({ attempts: mailQueue.attempts }).from(mailQueue).where(eq(mailQueue.id, id)).get()?.attempts;
}
