/**
 * The journal that keeps the store and the images table in step: a storage
 * key is written to `pending_objects` before its objects are stored, and
 * cleared in the same transaction as its row's insert; a deleted row's key is
 * written in the same transaction as the delete, and cleared once its objects
 * are gone. Whatever a crash or a storage outage leaves there is removed by
 * `sweepPendingObjects`: at start, after each successful store write, and
 * every 30 s while removals are left (`retryPendingSoon`).
 *
 * Several processes share the journal (the server, `npm run seed`, a second
 * server in a rolling deploy): a key being stored names its writer, and the
 * sweep leaves it alone while that process runs (process-locks.server.ts).
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { pendingObjects } from "~/server/data/schema";
import { runningCheck, thisProcessId } from "./process-locks.server";
import { photoStore } from "./storage.server";

/** Before a new photo's objects are stored; pair with `doneStoring`. */
export function startStoring(key: string): void {
  db()
    .insert(pendingObjects)
    .values({ storageKey: key, since: new Date(), writer: thisProcessId() })
    .onConflictDoNothing()
    .run();
}

/** Whatever of the key is still journalled (its row was not written) is the sweep's from now on. */
export function doneStoring(key: string): void {
  db()
    .update(pendingObjects)
    .set({ writer: null })
    .where(and(eq(pendingObjects.storageKey, key), eq(pendingObjects.writer, thisProcessId())))
    .run();
}

/** Call inside the transaction that inserts the key's row. */
export function clearPending(key: string): void {
  db().delete(pendingObjects).where(eq(pendingObjects.storageKey, key)).run();
}

/** Every key in the journal: never an orphan to remove by listing the store. */
export function journalledKeys(): Set<string> {
  return new Set(
    db()
      .select({ key: pendingObjects.storageKey })
      .from(pendingObjects)
      .all()
      .map(({ key }) => key),
  );
}

/** Call inside the transaction that deletes the key's row. */
export function markForRemoval(key: string): void {
  db().insert(pendingObjects).values({ storageKey: key, since: new Date() }).onConflictDoNothing().run();
}

/** Removes a key's objects and then its journal entry; false (entry kept) when the store fails. */
export async function removeObjects(key: string): Promise<boolean> {
  try {
    await photoStore().remove(key);
  } catch (error) {
    console.error(`Could not remove the stored files of ${key} yet (retried later): ${(error as Error).message}`);
    scheduleRetry();
    return false;
  }
  clearPending(key);
  return true;
}

let sweeping: Promise<{ removed: number; left: number }> | undefined;

/** Removes the objects of every journal entry no running process is storing; one sweep at a time. */
export function sweepPendingObjects(): Promise<{ removed: number; left: number }> {
  // Cleared once settled, not inside: a sweep with nothing to do settles before it is assigned.
  sweeping ??= sweepOnce().finally(() => (sweeping = undefined));
  return sweeping;
}

async function sweepOnce(): Promise<{ removed: number; left: number }> {
  const running = runningCheck();
  // Entries first, then their writers: an entry is written only once its writer holds its lock.
  const keys = db()
    .select({ key: pendingObjects.storageKey, writer: pendingObjects.writer })
    .from(pendingObjects)
    .all()
    .filter(({ writer }) => writer === null || !running(writer));
  let removed = 0;
  for (const { key } of keys) {
    // The store is down: the rest waits for the next sweep.
    if (!(await removeObjects(key))) break;
    removed++;
  }
  return { removed, left: keys.length - removed };
}

const RETRY_AFTER_MS = 30_000;
let retryTimer: NodeJS.Timeout | undefined;

/**
 * After a successful store write (the store is up, so what a past outage left
 * can go now), and after a failed removal: then again every 30 s until the
 * journal is empty, so the store recovers by itself once it answers.
 */
export function retryPendingSoon(): void {
  sweepPendingObjects().then(
    ({ left }) => left && scheduleRetry(),
    (error: unknown) => console.error(`The storage sweep failed: ${(error as Error).message}`),
  );
}

function scheduleRetry(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    retryPendingSoon();
  }, RETRY_AFTER_MS);
  // Never what keeps the process alive.
  retryTimer.unref();
}
