/**
 * The one way new files reach the photo store and old ones leave it, for
 * photos, the site's files (portrait, CV) and project cards alike. It follows
 * the journal (storage-sweep.server.ts): the new key is journalled before its
 * files are stored and cleared in the transaction that writes its row, which
 * also journals the key it replaces. A failure leaves the old row and files as
 * they were; a crash leaves nothing the sweep does not remove.
 */
import fsp from "node:fs/promises";
import { db } from "~/server/data/db.server";
import { photoStore, storageError, tmpPath } from "./storage.server";
import {
  clearPending,
  doneStoring,
  markForRemoval,
  removeObjects,
  retryPendingSoon,
  startStoring,
} from "./storage-sweep.server";
import { forgetVariants } from "./variant-cache.server";
import { forgetConversion } from "./converted-cache.server";

/** What a commit wrote: its answer, and the key whose files it replaced, if any. */
export interface Committed<T> {
  value: T;
  replacedKey?: string | undefined;
}

/**
 * Fills a new temp folder with `prepare`, stores it under `key`, then runs the
 * commit `prepare` returned inside one transaction (it writes the row; throwing
 * there undoes it and the stored files). The replaced key's files go last.
 */
export async function storeFolder<T>(key: string, prepare: (dir: string) => Promise<() => Committed<T>>): Promise<T> {
  const prepared = tmpPath();
  let journalled = false;
  let saved = false;
  try {
    await fsp.mkdir(prepared);
    const commit = await prepare(prepared);
    startStoring(key);
    journalled = true;
    await photoStore().put(key, prepared);
    const { value, replacedKey } = db().transaction(() => {
      const committed = commit();
      clearPending(key);
      if (committed.replacedKey) markForRemoval(committed.replacedKey);
      return committed;
    });
    saved = true;
    if (replacedKey) await removeStored(replacedKey);
    else retryPendingSoon();
    return value;
  } catch (error) {
    throw storageError(error) ?? error;
  } finally {
    if (journalled) {
      doneStoring(key);
      // Whatever reached the store goes again; if the store is down, the journal keeps the key for the sweep.
      if (!saved) await removeObjects(key);
    }
    await fsp.rm(prepared, { recursive: true, force: true });
  }
}

/**
 * Removes the files of a key whose row is gone (its removal journalled in the
 * same transaction): false when the store stopped answering, and the sweep
 * finishes it. A store that answered is asked for what is still pending.
 */
export async function removeStored(key: string): Promise<boolean> {
  forgetVariants(key);
  forgetConversion(key);
  const removed = await removeObjects(key);
  if (removed) retryPendingSoon();
  return removed;
}
