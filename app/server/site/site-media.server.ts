/**
 * Files the site's settings keep in the photo store (the CV, the portrait):
 * each under a random storage key of its own, like a photo's, named in its
 * setting under `stored`. Writing follows the photos' journal
 * (storage-sweep.server.ts): the new key is journalled before its files are
 * stored and cleared in the transaction that saves the setting, which also
 * journals the old key for removal. A failed upload leaves the old files and
 * setting as they were; a crash leaves nothing the sweep does not remove.
 */
import fsp from "node:fs/promises";
import type { z } from "zod";
import { db } from "~/server/data/db.server";
import { forgetVariants } from "~/server/http/media.server";
import { newStorageKey } from "~/server/storage/photo-store.server";
import {
  photoStore,
  storageError,
  storageUnavailable,
  storageWritable,
  tmpPath,
} from "~/server/storage/storage.server";
import {
  clearPending,
  doneStoring,
  markForRemoval,
  removeObjects,
  retryPendingSoon,
  startStoring,
} from "~/server/storage/storage-sweep.server";
import type { storedFilesSchema } from "./site-schemas.server";

export type StoredFiles = z.output<typeof storedFilesSchema>;

/**
 * Fills a new temp folder (`fill` returns the original's checksum and what
 * else the setting needs), stores it under a new key, then runs `save`
 * inside one transaction: it writes the setting and returns the files it
 * replaces, which are removed after.
 */
export async function storeSiteFiles<T>(
  fill: (dir: string) => Promise<{ checksum: string; details: T }>,
  save: (stored: StoredFiles, details: T) => StoredFiles | undefined,
): Promise<void> {
  const prepared = tmpPath();
  const key = newStorageKey();
  let journalled = false;
  let saved = false;
  try {
    await fsp.mkdir(prepared);
    const { checksum, details } = await fill(prepared);
    const files = await fsp.readdir(prepared);
    startStoring(key);
    journalled = true;
    await photoStore().put(key, prepared);
    const replaced = db().transaction(() => {
      const previous = save({ key, checksum, files }, details);
      clearPending(key);
      if (previous) markForRemoval(previous.key);
      return previous;
    });
    saved = true;
    if (replaced) await removeReplaced(replaced.key);
    retryPendingSoon();
  } catch (error) {
    throw storageError(error) ?? error;
  } finally {
    if (journalled) {
      doneStoring(key);
      if (!saved) await removeObjects(key);
    }
    await fsp.rm(prepared, { recursive: true, force: true });
  }
}

/** Runs `save` (which writes the setting without the files and returns them) and then removes the files. */
export async function removeSiteFiles(save: () => StoredFiles | undefined): Promise<void> {
  if (!(await storageWritable())) throw storageUnavailable();
  const removed = db().transaction(() => {
    const previous = save();
    if (previous) markForRemoval(previous.key);
    return previous;
  });
  if (removed) await removeReplaced(removed.key);
}

async function removeReplaced(key: string): Promise<void> {
  forgetVariants(key);
  // A store that stopped answering keeps the key journalled: the sweep finishes it.
  await removeObjects(key);
}
