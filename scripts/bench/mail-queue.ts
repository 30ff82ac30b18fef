// The owner's email queue (record 081): a client's "send my selection" (the form POST a browser without JavaScript
// makes, answered by a redirect, each sample a new visitor, so each queues a message) timed with no SMTP_URL, a live
// SMTP server, a port where nothing listens and a server that accepts and never answers; how soon a live server has
// 50 messages; and the retries, read from `mail_queue`: a refused attempt, the hung server's attempt given up on, the
// next attempts' times, beside the schedule `retryDelayMs` makes.
import { MAX_ATTEMPTS, retryDelayMs } from "~/server/notify/mail-queue.server";
import { SMTP_TIMEOUT_MS } from "~/server/notify/mail-worker.server";
import { cookieFrom, fromIp } from "../../tests/support/logins";
import { freePort } from "../../tests/support/ports";
import { loginAdmin, startServer, type TestServer } from "../../tests/support/server";
import { shareKit } from "../../tests/support/share-links";
import { hungServer, smtpSink } from "./mail-servers";
import { median, percentile, type Row } from "./util";

const SAMPLES = 50;
/** Sends before the samples, each setup's first (the server's first requests warm its code). */
const WARM_UP = 3;
const DELIVERED = 50;
const TARGET_RATIO = 1.2;
const MINUTE = 60_000;

interface QueuedRow {
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  created_at: number;
}

/** A server, an album of one photo with a link on it, and the clients that come to it. */
async function setup(index: number, env: Record<string, string>) {
  // TRUST_PROXY lets each visitor come from an address of their own: names are limited per address.
  const server: TestServer = await startServer({ env: { TRUST_PROXY: "1", ...env } });
  const kit = shareKit(server, await loginAdmin(server.url));
  const album = await kit.createAlbum("Wedding", "wedding");
  const photo = await kit.addPhoto("Kiss", album.id);
  const link = await kit.createLink(album.id, { label: "Ada & Ben" });
  let visitors = 0;
  const form = (cookie: string, path: string, fields: Record<string, string>, headers = {}) =>
    fetch(`${server.url}/photography/albums/${album.slug}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  return {
    server,
    /** A new client on the link, named, one heart given: their cookie. */
    async visitor(): Promise<string> {
      const n = ++visitors;
      const grant = await kit.openLink(link);
      const fields = { imageId: String(photo.id), favourite: "1", name: `Client ${n}` };
      const named = await form(grant, "favourites", fields, fromIp(`10.${index}.${n >> 8}.${n & 255}`));
      if (named.status !== 303) throw new Error(`naming a visitor answered ${named.status}`);
      return cookieFrom(named, "__share_grants")!;
    },
    /** The client sends their selection: the request's time in ms. */
    async send(cookie: string): Promise<number> {
      const started = performance.now();
      const sent = await form(cookie, "selection", { intent: "send", note: "The first one, please." });
      await sent.arrayBuffer();
      const ms = performance.now() - started;
      if (sent.status !== 303) throw new Error(`sending a selection answered ${sent.status}`);
      return ms;
    },
    rows(): QueuedRow[] {
      const sqlite = kit.database();
      try {
        const columns = "status, attempts, last_error, next_attempt_at, created_at";
        return sqlite.prepare(`SELECT ${columns} FROM mail_queue ORDER BY id`).all() as QueuedRow[];
      } finally {
        sqlite.close();
      }
    },
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Polls `read` until it gives a value (a state reached, not a time waited); the value and when it was seen (Date.now). */
async function until<T>(
  read: () => T | undefined,
  what: string,
  limitMs = 150_000,
): Promise<{ value: T; seen: number }> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return { value, seen: Date.now() };
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** A wait as the record says it: minutes under two hours, else hours and minutes. */
function minutes(ms: number): string {
  const whole = Math.round(ms / MINUTE);
  if (whole < 120) return `${whole} min`;
  return whole % 60 ? `${Math.floor(whole / 60)} h ${whole % 60} min` : `${whole / 60} h`;
}

export async function benchMailQueue(): Promise<Row[]> {
  const sink = await smtpSink();
  const hung = await hungServer();
  const mail = { SMTP_FROM: "portfolio@example.com", SMTP_TO: "owner@example.com" };
  const names = [
    "no SMTP_URL",
    "a live SMTP server",
    "a refused port (nothing listens)",
    "a server that never answers",
  ];
  const setups = await Promise.all([
    setup(0, {}),
    setup(1, { ...mail, SMTP_URL: `smtp://127.0.0.1:${sink.port}` }),
    setup(2, { ...mail, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }),
    setup(3, { ...mail, SMTP_URL: `smtp://127.0.0.1:${hung.port}` }),
  ]);
  const [none, live, refused, silent] = setups;
  try {
    const rows: Row[] = [];
    // 1. The client's request, the setups taken in turn so that the machine's load falls on each alike.
    const clients = await Promise.all(
      setups.map(async (each) => {
        const cookies: string[] = [];
        for (let i = 0; i < WARM_UP + SAMPLES; i++) cookies.push(await each.visitor());
        return cookies;
      }),
    );
    const times = setups.map((): number[] => []);
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      // Each round starts with another setup, so none is always the one after a pause.
      for (let k = 0; k < setups.length; k++) {
        const s = (i + k) % setups.length;
        const ms = await setups[s]!.send(clients[s]![i]!);
        if (i >= WARM_UP) times[s]!.push(ms);
      }
    }
    const queued = setups.map((each) => each.rows().length);
    if (queued.join() !== [0, ...Array(3).fill(WARM_UP + SAMPLES)].join())
      throw new Error(`the sends queued ${queued.join(", ")} messages`);
    const base = median(times[0]!);
    for (const [s, name] of names.entries()) {
      const mid = median(times[s]!);
      rows.push({
        figure: `A client sends their selection (form POST, 303), ${name}: median (p95) of ${SAMPLES}`,
        target: s ? `≤ ${TARGET_RATIO} × no SMTP_URL` : "the reference",
        measured: `${mid.toFixed(1)} ms (${percentile(times[s]!, 95).toFixed(1)} ms)`,
        ratio: (mid / base).toFixed(2),
      });
    }

    // 2. Delivery: every message of DELIVERED sends, counted as the SMTP server receives them (once it has the first
    // part's, so that none of those is counted here).
    await until(
      () => (sink.arrivals.length >= WARM_UP + SAMPLES ? true : undefined),
      "the first part's messages arrived",
    );
    const batch = await Promise.all(Array.from({ length: DELIVERED }, () => live.visitor()));
    const before = sink.arrivals.length;
    const started = performance.now();
    await Promise.all(batch.map((cookie) => live.send(cookie)));
    const answered = performance.now();
    await until(() => (sink.arrivals.length >= before + DELIVERED ? true : undefined), "every message arrived");
    const lastMs = sink.arrivals[before + DELIVERED - 1]! - started;
    rows.push({
      figure: `${DELIVERED} selections sent at once, live SMTP server: until it has received all ${DELIVERED}`,
      // smtp-server waits 100 ms before its greeting (to catch clients that talk too soon); the worker connects anew
      // for each message, so that pause is in each.
      target: "messages/s; a connection each, smtp-server greets after 100 ms",
      measured: `${seconds(lastMs)} (the sends answered in ${seconds(answered - started)}): ${(DELIVERED / (lastMs / 1000)).toFixed(1)} messages/s, ${(lastMs / DELIVERED).toFixed(0)} ms each`,
      ratio: "n/a",
    });

    // 3. The retries, read from the rows: the refused first attempt, the hung server's, the refused second attempt.
    const first = (each: Setup, attempts: number) => {
      const row = each.rows()[0]!;
      return row.attempts >= attempts ? row : undefined;
    };
    const refusedOnce = (await until(() => first(refused, 1), "the refused message's first attempt")).value;
    const nextAfterQueuing = refusedOnce.next_attempt_at - refusedOnce.created_at;
    rows.push({
      figure: "Refused port: the first message's row after its first attempt",
      target: `attempt 1 failed, the next ${minutes(retryDelayMs(1))} later`,
      measured: `${refusedOnce.status}, attempts ${refusedOnce.attempts}, "${refusedOnce.last_error}", next attempt ${seconds(nextAfterQueuing)} after queuing`,
      ratio: (nextAfterQueuing / retryDelayMs(1)).toFixed(2),
    });

    // Given up on: the connection closed by the worker, and the attempt counted in the row.
    const { value: silentOnce } = await until(() => {
      const row = first(silent, 1);
      return row && hung.connections[0]?.closed ? row : undefined;
    }, "the silent server's first attempt was given up on");
    const held = hung.connections[0]!;
    const heldMs = held.closed! - held.opened;
    const { status, attempts, last_error, next_attempt_at } = silentOnce;
    rows.push({
      figure: "A server that never answers: how long the worker's attempt is held before it gives up (its connection)",
      target: `the worker's greeting timeout, ${seconds(SMTP_TIMEOUT_MS)}`,
      measured: `${seconds(heldMs)}; the row then: ${status}, attempts ${attempts}, "${last_error}", next attempt ${seconds(next_attempt_at - held.closed!)} later`,
      ratio: (heldMs / SMTP_TIMEOUT_MS).toFixed(2),
    });

    const refusedTwice = await until(() => first(refused, 2), "the refused message's second attempt");
    const nextAfterDue = refusedTwice.value.next_attempt_at - refusedOnce.next_attempt_at;
    rows.push({
      figure: "Refused port: the second attempt, waited for",
      target: `at its due time, the next ${minutes(retryDelayMs(2))} later`,
      measured: `made ${seconds(refusedTwice.seen - refusedOnce.next_attempt_at)} after its due time (as polled): attempts ${refusedTwice.value.attempts}, next attempt ${seconds(nextAfterDue)} after that due time`,
      ratio: (nextAfterDue / retryDelayMs(2)).toFixed(2),
    });
    const schedule = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1));
    const lastAttempt = schedule.slice(0, -1).reduce((sum, ms) => sum + ms, 0);
    rows.push({
      figure: `The wait after failed attempt 1..${MAX_ATTEMPTS} (retryDelayMs); the ${MAX_ATTEMPTS}th marks the message failed`,
      target: "doubling from 1 min, at most 2 h",
      measured: `${schedule.map(minutes).join(", ")}: the last attempt ${minutes(lastAttempt)} after the first`,
      ratio: "n/a",
    });

    // Shutdown does not wait for an attempt in flight (record 081): the silent server's worker holds its next message.
    if (!hung.connections.some((connection) => connection.closed === undefined))
      throw new Error("no attempt is held at the stop");
    const stopTimes = [];
    for (const each of [none, silent]) {
      const stopping = performance.now();
      await each.server.stop();
      stopTimes.push(performance.now() - stopping);
    }
    rows.push({
      figure: "A server that never answers: SIGTERM while the worker's attempt is held, until the process exits",
      target: `as without SMTP_URL: ${stopTimes[0]!.toFixed(0)} ms`,
      measured: `${stopTimes[1]!.toFixed(0)} ms`,
      ratio: (stopTimes[1]! / stopTimes[0]!).toFixed(2),
    });
    return rows;
  } finally {
    await Promise.all(setups.map((each) => each.server.stop()));
    await Promise.all([sink.close(), hung.close()]);
  }
}
