import { and, eq, isNull } from "drizzle-orm";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { db } from "~/server/data/db.server";
import { readCameraDetails, type CameraDetails } from "./exif.server";
import { ORIGINAL_FILE } from "~/server/storage/photo-store.server";
import { images } from "~/server/data/schema";
import { ensureTmpDir, photoStore, tmpPath } from "~/server/storage/storage.server";

/** Reads an original through a temp copy: the store may be a bucket. */
async function originalDetails(key: string): Promise<CameraDetails | undefined> {
  const original = await photoStore().get(key, ORIGINAL_FILE);
  if (!original) return undefined;
  const copy = tmpPath(".original");
  try {
    await pipeline(original.stream(), fs.createWriteStream(copy));
    return await readCameraDetails(copy);
  } finally {
    await fsp.rm(copy, { force: true });
  }
}

/**
 * Reads the camera details of photos stored before they were read at upload,
 * from their private originals. Only rows without any are read, so it can run
 * again at any time; a photo whose original has none stays without.
 */
export async function backfillCameraDetails(onProgress: (done: number, total: number) => void = () => {}) {
  const pending = db()
    .select({ id: images.id, storageKey: images.storageKey })
    .from(images)
    .where(
      and(
        isNull(images.cameraMake),
        isNull(images.cameraModel),
        isNull(images.lens),
        isNull(images.iso),
        isNull(images.takenAt),
      ),
    )
    .all();
  let found = 0;
  ensureTmpDir();
  for (const [index, row] of pending.entries()) {
    const details = await originalDetails(row.storageKey);
    if (details && Object.values(details).some((value) => value !== null)) {
      db().update(images).set(details).where(eq(images.id, row.id)).run();
      found++;
    }
    onProgress(index + 1, pending.length);
  }
  return { read: pending.length, found };
}
