/**
 * Writing photos: a new upload becomes its folder of variants and its row, an
 * edit changes the row, a delete removes both. Never a file without its row
 * or a row without its files.
 */
import { eq } from "drizzle-orm";
import fsp from "node:fs/promises";
import path from "node:path";
import { nameFromFile, type Image } from "~/lib/image";
import { setImageAlbums, type JoinOptions } from "~/server/albums/memberships.server";
import type { HiddenBy } from "~/lib/album-privacy";
import { db } from "~/server/data/db.server";
import { readCameraDetails } from "./exif.server";
import { readFileText } from "./file-text.server";
import { dropUnusedTags, setImageTags, type TagInput } from "./tags.server";
import { HttpError } from "~/server/core/http-error.server";
import { ACCEPTED_TYPES_TEXT, moveOriginal, processImage, VARIANT_SET } from "./image-processing.server";
import { toImage } from "./image-json.server";
import { OWNER } from "~/server/access/access.server";
import type { PhotoVisibility } from "~/server/access/visibility-sql.server";
import { newStorageKey } from "~/server/storage/photo-store.server";
import { images, type ImageRow } from "~/server/data/schema";
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

/** A photo as written, and the album whose privacy hid it (album-privacy.server.ts), if one did. */
export interface WrittenImage {
  image: Image;
  hiddenBy: HiddenBy | null;
}

/** The row again after its albums were set: joining one may have hidden it. */
function reread(row: ImageRow, hiddenBy: HiddenBy | null): ImageRow {
  return hiddenBy ? db().select().from(images).where(eq(images.id, row.id)).get()! : row;
}

/**
 * Stores one uploaded file: checks it, writes its variants into a temp folder,
 * stores the folder's files under a new key, then inserts the row. The key is
 * journalled first (storage-sweep.server.ts), so objects a failure or a crash
 * leaves behind are removed. The temp upload is always consumed.
 */
export async function createImage(
  file: UploadedFile,
  /** A name or description left null is the file's own title or caption (file-text.server.ts), else its file name or "". */
  fields: { name: string | null; description: string | null; visibility: PhotoVisibility },
  albumIds: number[] = [],
  join: JoinOptions = {},
): Promise<WrittenImage> {
  try {
    if (file.size === 0) throw new HttpError(415, `The file is empty. Accepted types: ${ACCEPTED_TYPES_TEXT}.`);
    const existing = db().select({ id: images.id }).from(images).where(eq(images.checksum, file.checksum)).get();
    if (existing) throw duplicateOf(existing.id);
    const key = newStorageKey();
    const written = await storeFolder(key, async (dir) => {
      // Waits for its turn there (processing-queue.server.ts).
      const processed = await processImage(file.path, dir);
      // Read once the file is known to be an image; the original keeps its metadata, the variants have none.
      const [camera, fileText] = await Promise.all([readCameraDetails(file.path), readFileText(file.path)]);
      await moveOriginal(file.path, dir);
      const storedBytes = await folderBytes(dir);
      const now = new Date();
      // The row and its album memberships are written together, or neither.
      return () => {
        const inserted = db()
          .insert(images)
          .values({
            name: fields.name ?? fileText.title ?? nameFromFile(file.filename),
            description: fields.description ?? fileText.description ?? "",
            visibility: fields.visibility,
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
        const hiddenBy = setImageAlbums(inserted.id, albumIds, undefined, join);
        setImageTags(inserted.id, fileText.keywords);
        return { value: { row: reread(inserted, hiddenBy), hiddenBy } };
      };
    });
    return { image: toImage(written.row, OWNER), hiddenBy: written.hiddenBy };
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

/** The albums an edit sets: exactly `ids`, or with `listed` (the albums an edit form showed) only among those. */
export interface AlbumEdit {
  ids: number[];
  listed?: number[];
  /** A photo joining an unlisted or private album stays public (album-privacy.server.ts). */
  keepPublic?: boolean;
}

/**
 * New name, description, visibility and tags (each unless left out) and, when
 * `albums` is given, its albums (which may hide it: album-privacy.server.ts).
 * All or nothing.
 */
export function updateImage(
  id: number,
  { tags, ...fields }: { name?: string; description?: string; visibility?: PhotoVisibility; tags?: TagInput[] },
  albums?: AlbumEdit,
): Image {
  const row = db().transaction(() => {
    const updated = db()
      .update(images)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(images.id, id))
      .returning()
      .get();
    if (!updated) throw new HttpError(404, `There is no image with id ${id}`);
    if (tags) setImageTags(id, tags);
    const hiddenBy = albums ? setImageAlbums(id, albums.ids, albums.listed, { keepPublic: albums.keepPublic }) : null;
    return reread(updated, hiddenBy);
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
    dropUnusedTags();
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
