import crypto from "node:crypto";
import { HttpError } from "~/server/core/http-error.server";

/**
 * Login throttling, kept in memory (one process serves the site). Each key (an
 * IP, a user name, a known device) may fail FREE_ATTEMPTS times; after that
 * every failure doubles the wait, capped at 15 minutes.
 *
 * An attempt counts from the moment it is let in, before its password is
 * checked: so at most the free attempts of a key are ever in flight together,
 * however many arrive at once. Keys are stored as hashes (fixed size, whatever
 * the caller sent), and the map is bounded in size and age.
 */
export interface ThrottleLimits {
  freeAttempts: number;
  maxBlockMs: number;
  forgetAfterMs: number;
  maxEntries: number;
}

export const LOGIN_LIMITS: ThrottleLimits = {
  freeAttempts: 5,
  maxBlockMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
  maxEntries: 10_000,
};

interface Entry {
  /** Settled failures plus attempts in flight. */
  count: number;
  inFlight: number;
  blockedUntil: number;
  lastSeen: number;
}

/** The outcome of an admitted attempt; exactly one must be reported. */
export interface Attempt {
  failed(now?: number): void;
  succeeded(): void;
  /** The password was never checked (server busy, error): the attempt does not count. */
  cancelled(): void;
}

export type Admission = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };

/** While the free attempts are all in flight, a client is told to come back in a second. */
const IN_FLIGHT_WAIT_MS = 1000;

export function createThrottle(limits: ThrottleLimits = LOGIN_LIMITS) {
  // Insertion order is recency order (every use moves an entry to the end), so
  // the oldest entries are always first: pruning and eviction stop early.
  const entries = new Map<string, Entry>();

  const digest = (key: string) => crypto.createHash("sha256").update(key).digest("base64url");

  function touch(hashed: string, entry: Entry, now: number): void {
    entry.lastSeen = now;
    entries.delete(hashed);
    entries.set(hashed, entry);
  }

  function forgetOld(now: number): void {
    for (const [hashed, entry] of entries) {
      if (entry.inFlight > 0 || now - entry.lastSeen <= limits.forgetAfterMs) break;
      entries.delete(hashed);
    }
  }

  function dropIfIdle(hashed: string, entry: Entry): void {
    if (entry.count === 0 && entry.inFlight === 0 && entries.get(hashed) === entry) entries.delete(hashed);
  }

  function waitMs(entry: Entry, now: number): number {
    if (entry.blockedUntil > now) return entry.blockedUntil - now;
    if (entry.count >= limits.freeAttempts && entry.inFlight > 0) return IN_FLIGHT_WAIT_MS;
    return 0;
  }

  /** How many seconds the keys are held back, without counting an attempt (0: not held). */
  function heldFor(keys: string[], now = Date.now()): number {
    const wait = Math.max(0, ...keys.map(digest).map((h) => (entries.has(h) ? waitMs(entries.get(h)!, now) : 0)));
    return Math.ceil(wait / 1000);
  }

  function begin(keys: string[], now = Date.now()): Admission {
    forgetOld(now);
    const wait = heldFor(keys, now);
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    const hashed = keys.map(digest);

    const held = hashed.map((h) => {
      const entry = entries.get(h) ?? { count: 0, inFlight: 0, blockedUntil: 0, lastSeen: now };
      entry.count++;
      entry.inFlight++;
      touch(h, entry, now);
      return [h, entry] as const;
    });
    for (const [oldest] of entries) {
      if (entries.size <= limits.maxEntries) break;
      entries.delete(oldest);
    }

    let settled = false;
    const settle = (report: (hashed: string, entry: Entry) => void) => {
      if (settled) return;
      settled = true;
      for (const [h, entry] of held) {
        entry.inFlight--;
        report(h, entry);
      }
    };
    return {
      allowed: true,
      attempt: {
        failed: (at = Date.now()) =>
          settle((h, entry) => {
            if (entry.count >= limits.freeAttempts) {
              entry.blockedUntil = at + Math.min(limits.maxBlockMs, 1000 * 2 ** (entry.count - limits.freeAttempts));
            }
            if (entries.get(h) === entry) touch(h, entry, at);
          }),
        succeeded: () =>
          settle((h, entry) => {
            // Attempts still in flight keep counting until they report.
            entry.count = entry.inFlight;
            entry.blockedUntil = 0;
            dropIfIdle(h, entry);
          }),
        cancelled: () =>
          settle((h, entry) => {
            entry.count--;
            dropIfIdle(h, entry);
          }),
      },
    };
  }

  return { begin, heldFor, size: () => entries.size };
}

export const loginThrottle = createThrottle();

/** The 429 of a refused attempt: `message` says what was refused, then how long to wait, which Retry-After repeats. */
export function refusedFor(retryAfterSeconds: number, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(429, `${message} Try again in ${retryAfterSeconds} seconds.`, extra, {
    "Retry-After": String(retryAfterSeconds),
  });
}

/** Anonymous passkey sign-in options: each call counts, and the owner asks a few times a day. */
export const passkeyOptionsThrottle = createThrottle({ ...LOGIN_LIMITS, freeAttempts: 30 });
