import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { readCameraDetails } from "./exif.server";
import { readOriginal } from "./original-copy.server";

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
  for (const [index, row] of pending.entries()) {
    const details = await readOriginal(row.storageKey, readCameraDetails);
    if (details && Object.values(details).some((value) => value !== null)) {
      db().update(images).set(details).where(eq(images.id, row.id)).run();
      found++;
    }
    onProgress(index + 1, pending.length);
  }
  return { read: pending.length, found };
}
