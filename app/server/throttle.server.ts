/**
 * Login throttling, kept in memory (one process serves the site). Each key
 * (an IP or a user name) may fail FREE_ATTEMPTS times; after that every
 * failure doubles the wait, capped at MAX_BLOCK_MS, so the owner is slowed
 * down at worst, never locked out for good. A success clears the keys.
 */
const FREE_ATTEMPTS = 5;
const MAX_BLOCK_MS = 15 * 60 * 1000;
const FORGET_AFTER_MS = 60 * 60 * 1000;
const MAX_ENTRIES = 10_000;

interface Entry {
  failures: number;
  blockedUntil: number;
  lastFailure: number;
}

const entries = new Map<string, Entry>();

/** Seconds to wait before another attempt, or 0 when allowed. */
export function retryAfterSeconds(keys: string[], now = Date.now()): number {
  let wait = 0;
  for (const key of keys) {
    const entry = entries.get(key);
    if (!entry) continue;
    if (now - entry.lastFailure > FORGET_AFTER_MS) {
      entries.delete(key);
      continue;
    }
    wait = Math.max(wait, entry.blockedUntil - now);
  }
  return Math.ceil(Math.max(0, wait) / 1000);
}

export function recordFailure(keys: string[], now = Date.now()): void {
  if (entries.size > MAX_ENTRIES) {
    for (const [key, entry] of entries) if (now - entry.lastFailure > FORGET_AFTER_MS) entries.delete(key);
  }
  for (const key of keys) {
    const entry = entries.get(key) ?? { failures: 0, blockedUntil: 0, lastFailure: now };
    entry.failures++;
    entry.lastFailure = now;
    if (entry.failures >= FREE_ATTEMPTS) {
      entry.blockedUntil = now + Math.min(MAX_BLOCK_MS, 1000 * 2 ** (entry.failures - FREE_ATTEMPTS));
    }
    entries.set(key, entry);
  }
}

export function clearFailures(keys: string[]): void {
  for (const key of keys) entries.delete(key);
}
