/**
 * Files the site's settings keep in the photo store (the CV, the portrait, the logo):
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
import type { Setting } from "~/server/data/settings.server";
import type { storedFilesSchema } from "./site-schemas.server";

export type StoredFiles = z.output<typeof storedFilesSchema>;

/** The files a setting's value names in the store: those of its "stored" state (the others, none or a sample, name none). */
function storedFilesOf(value: { state: string; stored?: StoredFiles }): StoredFiles | undefined {
  return value.state === "stored" ? value.stored : undefined;
}

/**
 * Fills a new temp folder (`fill` returns the original's checksum and what
 * else the setting needs), stores it under a new key, then writes `setting`'s
 * new value (made by `value`) inside one transaction; the files it replaces
 * are removed after.
 */
export async function storeSiteFiles<T, V extends { state: string; stored?: StoredFiles }>(
  setting: Setting<V>,
  fill: (dir: string) => Promise<{ checksum: string; details: T }>,
  value: (stored: StoredFiles, details: T) => V & { state: "stored" },
): Promise<void> {
  const key = newStorageKey();
  await storeFolder(key, async (dir) => {
    const { checksum, details } = await fill(dir);
    const files = await fsp.readdir(dir);
    return () => {
      const replaced = storedFilesOf(setting.read());
      setting.write(value({ key, checksum, files }, details));
      return { value: undefined, replacedKey: replaced?.key };
    };
  });
}

/** Sets `setting` to none and then removes the files it named. */
export async function removeSiteFiles<V extends { state: string; stored?: StoredFiles }>(
  setting: Setting<V | { state: "none" }>,
): Promise<void> {
  if (!(await storageWritable())) throw storageUnavailable();
  const removed = db().transaction(() => {
    const previous = storedFilesOf(setting.read());
    setting.write({ state: "none" });
    if (previous) markForRemoval(previous.key);
    return previous;
  });
  // A store that stopped answering keeps the key journalled: the sweep finishes it.
  if (removed) await removeStored(removed.key);
}
