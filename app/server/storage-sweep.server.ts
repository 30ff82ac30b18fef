/**
 * The journal that keeps the store and the images table in step: a storage
 * key is written to `pending_objects` before its objects are stored, and
 * cleared in the same transaction as its row's insert; a deleted row's key is
 * written in the same transaction as the delete, and cleared once its objects
 * are gone. Whatever a crash or a storage outage leaves there is removed by
 * `sweepPendingObjects`: at start, and again after each successful store
 * write, so the store recovers as soon as it is back.
 */
import { eq } from "drizzle-orm";
import { db } from "./db.server";
import { pendingObjects } from "./schema";
import { photoStore } from "./storage.server";

/** Keys being stored by this process right now: not the sweep's to remove. */
const storing = new Set<string>();

/** Before a new photo's objects are stored; pair with `doneStoring`. */
export function startStoring(key: string): void {
  storing.add(key);
  db().insert(pendingObjects).values({ storageKey: key, since: new Date() }).onConflictDoNothing().run();
}

export function doneStoring(key: string): void {
  storing.delete(key);
}

/** Call inside the transaction that inserts the key's row. */
export function clearPending(key: string): void {
  db().delete(pendingObjects).where(eq(pendingObjects.storageKey, key)).run();
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
    return false;
  }
  clearPending(key);
  return true;
}

let sweeping: Promise<{ removed: number; left: number }> | undefined;

/** Removes the objects of every journal entry not being stored right now; one sweep at a time. */
export function sweepPendingObjects(): Promise<{ removed: number; left: number }> {
  sweeping ??= (async () => {
    let removed = 0;
    try {
      const keys = db()
        .select({ key: pendingObjects.storageKey })
        .from(pendingObjects)
        .all()
        .filter(({ key }) => !storing.has(key));
      for (const { key } of keys) {
        // The store is down: the rest waits for the next sweep.
        if (!(await removeObjects(key))) break;
        removed++;
      }
      return { removed, left: keys.length - removed };
    } finally {
      sweeping = undefined;
    }
  })();
  return sweeping;
}

/** After a successful store write: the store is up, so anything a past outage left can go now. */
export function retryPendingSoon(): void {
  void sweepPendingObjects();
}
