/**
 * Files the site's settings keep in the photo store (the CV, the portrait):
 * each under a random storage key of its own, like a photo's, named in its
 * setting under `stored`, and written as a photo's are (store-folder.server.ts).
 */
import fsp from "node:fs/promises";
import type { z } from "zod";
import { db } from "~/server/data/db.server";
import { newStorageKey } from "~/server/storage/photo-store.server";
import { storageUnavailable, storageWritable } from "~/server/storage/storage.server";
import { markForRemoval } from "~/server/storage/storage-sweep.server";
import { removeStored, storeFolder } from "~/server/storage/store-folder.server";
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
  const key = newStorageKey();
  await storeFolder(key, async (dir) => {
    const { checksum, details } = await fill(dir);
    const files = await fsp.readdir(dir);
    return () => ({ value: undefined, replacedKey: save({ key, checksum, files }, details)?.key });
  });
}

/** Runs `save` (which writes the setting without the files and returns them) and then removes the files. */
export async function removeSiteFiles(save: () => StoredFiles | undefined): Promise<void> {
  if (!(await storageWritable())) throw storageUnavailable();
  const removed = db().transaction(() => {
    const previous = save();
    if (previous) markForRemoval(previous.key);
    return previous;
  });
  // A store that stopped answering keeps the key journalled: the sweep finishes it.
  if (removed) await removeStored(removed.key);
}
