/**
 * Sends the queued messages (mail-queue.server.ts) through the owner's SMTP
 * server, one at a time, away from any request: a request only writes the
 * row and wakes the worker. nodemailer loads at the first message, and only
 * with SMTP_URL set (record 081).
 */
type Transporter = ReturnType<typeof import("nodemailer").createTransport>;
import { config } from "~/server/core/config.server";
import { markFailedAttempt, markSent, nextDueAt, nextDueMail } from "./mail-queue.server";

/** A mail server that accepts the connection and then says nothing is given up on after this, and retried. */
export const SMTP_TIMEOUT_MS = 30_000;
/** The longest sleep between looks at the queue: a message queued by another process is seen within it. */
const IDLE_LOOK_MS = 5 * 60_000;

let transport: Promise<Transporter> | undefined;
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let started = false;

function transporter(url: string): Promise<Transporter> {
  transport ??= import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport({
      url,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    }),
  );
  return transport;
}

/** Sends every message due now, then sleeps until the next falls due. */
async function drain(): Promise<void> {
  const settings = config().mail;
  if (!settings) return;
  for (let mail = nextDueMail(); mail && started; mail = nextDueMail()) {
    try {
      const smtp = await transporter(settings.url);
      await smtp.sendMail({
        from: settings.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      markSent(mail.id);
    } catch (error) {
      markFailedAttempt(mail.id, error);
      console.error(`Mail ${mail.id} not sent:`, error instanceof Error ? error.message : error);
    }
  }
  schedule();
}

function schedule(): void {
  if (!started) return;
  clearTimeout(timer);
  const due = nextDueAt();
  const wait = due ? Math.max(0, Math.min(due.getTime() - Date.now(), IDLE_LOOK_MS)) : IDLE_LOOK_MS;
  timer = setTimeout(wakeMailWorker, wait);
  timer.unref();
}

/**
 * Looks at the queue soon after a message was queued; a no-op without SMTP settings or before the start. The look
 * waits for the caller's synchronous work to end: a message is queued inside the transaction of what it tells, and one
 * read before that commits could be sent about a write that is then undone.
 */
export function wakeMailWorker(): void {
  if (!started || running) return;
  running = Promise.resolve()
    .then(drain)
    .catch((error: unknown) => console.error("The mail worker stopped:", error))
    .finally(() => {
      running = undefined;
    });
}

/** Starts sending, when SMTP_URL is set: messages left queued by an earlier run go first. */
export function startMailWorker(): void {
  if (!config().mail || started) return;
  started = true;
  wakeMailWorker();
}

/**
 * Stops looking at the queue. A message being sent is not waited for (a slow
 * server would hold the shutdown): if its row is not marked sent before the
 * database closes, it is sent again at the next start (at least once).
 */
export function stopMailWorker(): void {
  started = false;
  clearTimeout(timer);
  void transport?.then((smtp) => smtp.close()).catch(() => undefined);
  transport = undefined;
}
