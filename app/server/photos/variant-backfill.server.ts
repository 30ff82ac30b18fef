/**
 * Remakes the variants of photos made with an older variant set (other widths
 * or encodings, record 045) from their private originals. Variants never change
 * under a key (caches keep them for a year), so the new ones go under a new key
 * that replaces the old one in the row; the old key's files are removed after.
 */
import { and, desc, eq, lt } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { newStorageKey, ORIGINAL_FILE } from "~/server/storage/photo-store.server";
import { ensureTmpDir, photoStore } from "~/server/storage/storage.server";
import { storeFolder } from "~/server/storage/store-folder.server";
import { processImage, VARIANT_SET } from "./image-processing.server";
import { folderBytes } from "./image-store.server";

type Outcome = "remade" | "gone";

/** The photo was deleted or replaced while its new variants were made. */
class PhotoChanged extends Error {}

/** One photo's new folder, under a new key; "gone" when it was deleted or changed meanwhile. */
async function remake(id: number, oldKey: string): Promise<Outcome> {
  const original = await photoStore().get(oldKey, ORIGINAL_FILE);
  if (!original) return "gone";
  const key = newStorageKey();
  try {
    return await storeFolder(key, async (dir) => {
      const copy = path.join(dir, ORIGINAL_FILE);
      await pipeline(original.stream(), fs.createWriteStream(copy));
      // The placeholder and the cover focus (which the owner may have set) stay as they are.
      const { variantWidths, avifWidths } = await processImage(copy, dir);
      const storedBytes = await folderBytes(dir);
      return () => {
        const updated = db()
          .update(images)
          .set({ storageKey: key, variantWidths, avifWidths, storedBytes, variantSet: VARIANT_SET })
          .where(and(eq(images.id, id), eq(images.storageKey, oldKey)))
          .returning({ id: images.id })
          .get();
        if (!updated) throw new PhotoChanged();
        return { value: "remade" as const, replacedKey: oldKey };
      };
    });
  } catch (error) {
    if (error instanceof PhotoChanged) return "gone";
    throw error;
  }
}

/**
 * Every photo whose variants are older than `VARIANT_SET`, one at a time (each
 * waits for a processing slot, so uploads keep theirs). Safe to run again, and
 * while the server runs.
 */
export async function backfillVariants(onProgress: (done: number, total: number) => void = () => {}) {
  const pending = db()
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(lt(images.variantSet, VARIANT_SET))
    // The newest first: the gallery's first screen.
    .orderBy(desc(images.id))
    .all();
  let remade = 0;
  ensureTmpDir();
  for (const [index, row] of pending.entries()) {
    if ((await remake(row.id, row.storageKey)) === "remade") remade++;
    onProgress(index + 1, pending.length);
  }
  return { pending: pending.length, remade };
}
