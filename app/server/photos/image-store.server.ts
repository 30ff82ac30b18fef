/**
 * Writing photos: a new upload becomes its folder of variants and its row, an
 * edit changes the row, a delete removes both. Never a file without its row
 * or a row without its files.
 */
import { eq } from "drizzle-orm";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Image } from "~/lib/image";
import { setImageAlbums } from "~/server/albums/memberships.server";
import type { JoinAt } from "~/server/albums/album-order.server";
import { db } from "~/server/data/db.server";
import { readCameraDetails } from "./exif.server";
import { HttpError } from "~/server/core/http-error.server";
import { ACCEPTED_TYPES_TEXT, moveOriginal, processImage, VARIANT_SET } from "./image-processing.server";
import { toImage } from "./image-json.server";
import { OWNER } from "~/server/access/access.server";
import type { PhotoVisibility } from "~/server/access/visibility-sql.server";
import { newStorageKey } from "~/server/storage/photo-store.server";
import { images } from "~/server/data/schema";
import { storageUnavailable, storageWritable } from "~/server/storage/storage.server";
import { markForRemoval } from "~/server/storage/storage-sweep.server";
import { removeStored, storeFolder } from "~/server/storage/store-folder.server";
import type { UploadedFile } from "./upload.server";

function duplicateOf(id: number): HttpError {
  return new HttpError(409, `This image was already uploaded (image ${id}).`, { id });
}

/** Bytes of the files in a folder: what a photo keeps in the store. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const file of await fsp.readdir(dir)) total += (await fsp.stat(path.join(dir, file))).size;
  return total;
}

/**
 * Stores one uploaded file: checks it, writes its variants into a temp folder,
 * stores the folder's files under a new key, then inserts the row. The key is
 * journalled first (storage-sweep.server.ts), so objects a failure or a crash
 * leaves behind are removed. The temp upload is always consumed.
 */
export async function createImage(
  file: UploadedFile,
  fields: { name: string; description: string; visibility: PhotoVisibility },
  albumIds: number[] = [],
  joinAt?: JoinAt,
): Promise<Image> {
  try {
    if (file.size === 0) throw new HttpError(415, `The file is empty. Accepted types: ${ACCEPTED_TYPES_TEXT}.`);
    const existing = db().select({ id: images.id }).from(images).where(eq(images.checksum, file.checksum)).get();
    if (existing) throw duplicateOf(existing.id);
    const key = newStorageKey();
    const row = await storeFolder(key, async (dir) => {
      // Waits for its turn there (processing-queue.server.ts).
      const processed = await processImage(file.path, dir);
      // Read once the file is known to be an image; the original keeps its metadata, the variants have none.
      const camera = await readCameraDetails(file.path);
      await moveOriginal(file.path, dir);
      const storedBytes = await folderBytes(dir);
      const now = new Date();
      // The row and its album memberships are written together, or neither.
      return () => {
        const inserted = db()
          .insert(images)
          .values({
            ...fields,
            originalFilename: file.filename,
            storageKey: key,
            mimeType: processed.mimeType,
            size: file.size,
            storedBytes,
            width: processed.width,
            height: processed.height,
            variantWidths: processed.variantWidths,
            avifWidths: processed.avifWidths,
            variantSet: VARIANT_SET,
            checksum: file.checksum,
            placeholder: processed.placeholder,
            focusX: processed.focus.x,
            focusY: processed.focus.y,
            ...camera,
            uploadedAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: images.checksum })
          .returning()
          .get();
        if (!inserted) {
          // A concurrent upload of the same file won the race.
          const winner = db().select({ id: images.id }).from(images).where(eq(images.checksum, file.checksum)).get();
          throw duplicateOf(winner?.id ?? 0);
        }
        setImageAlbums(inserted.id, albumIds, undefined, joinAt);
        return { value: inserted };
      };
    });
    return toImage(row, OWNER);
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

/**
 * New name, description and visibility (each unless left out) and, when `albumIds` is given,
 * those albums: exactly those, or with `listedAlbumIds` (the albums an edit
 * form showed) only changes among the listed ones. All or nothing.
 */
export function updateImage(
  id: number,
  fields: { name?: string; description?: string; visibility?: PhotoVisibility },
  albumIds?: number[],
  listedAlbumIds?: number[],
): Image {
  const row = db().transaction(() => {
    const updated = db()
      .update(images)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(images.id, id))
      .returning()
      .get();
    if (!updated) throw new HttpError(404, `There is no image with id ${id}`);
    if (albumIds) setImageAlbums(id, albumIds, listedAlbumIds);
    return updated;
  });
  return toImage(row, OWNER);
}

/**
 * Row first, then files: the row's delete journals its key, so files a crash
 * or an outage leaves are removed by the sweep. A store that cannot be written
 * is refused up front (503), so the row stays with its files.
 */
export async function deleteImage(id: number): Promise<void> {
  if (!(await storageWritable())) throw storageUnavailable();
  const row = db().transaction(() => {
    const deleted = db().delete(images).where(eq(images.id, id)).returning({ key: images.storageKey }).get();
    if (deleted) markForRemoval(deleted.key);
    return deleted;
  });
  if (!row) throw new HttpError(404, `There is no image with id ${id}`);
  if (!(await removeStored(row.key))) {
    // The row is gone and its key journalled: what the store still holds is swept once it answers again.
    throw new HttpError(
      503,
      "The photo is deleted, but the photo storage stopped answering before all its files were removed: they are removed once it is back.",
      undefined,
      { "Retry-After": "10" },
    );
  }
}
