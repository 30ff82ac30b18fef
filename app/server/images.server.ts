import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sum, type SQL } from "drizzle-orm";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Image, ImagePage } from "~/lib/image";
import { db } from "./db.server";
import { httpError } from "./http.server";
import { ACCEPTED_TYPES_TEXT, moveOriginal, processImage } from "./image-processing.server";
import { forgetVariants } from "./media.server";
import { images, type ImageRow } from "./schema";
import {
  commitImageDir,
  newStorageKey,
  removeImageDir,
  storageErrorResponse,
  storageUnavailable,
  storageWritable,
  tmpPath,
} from "./storage.server";
import type { UploadedFile } from "./upload.server";
import {
  encodeCursor,
  PAGE_SIZE,
  parseImageId,
  parseImageText,
  type ListQuery,
  type SortField,
} from "./validation.server";

const DISPLAY_WIDTH = 1280;

export function mediaUrl(key: string, width: number, format: "webp" | "avif"): string {
  return `/media/${key}/w${width}.${format}`;
}

export function toImage(row: ImageRow): Image {
  const srcset = (format: "webp" | "avif", widths: number[]) =>
    widths.map((w) => `${mediaUrl(row.storageKey, w, format)} ${w}w`).join(", ");
  const display = row.variantWidths.filter((w) => w <= DISPLAY_WIDTH).at(-1) ?? row.variantWidths[0]!;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: mediaUrl(row.storageKey, display, "webp"),
    filename: row.originalFilename,
    uploaded_at: row.uploadedAt.toISOString(),
    size: row.size,
    width: row.width,
    height: row.height,
    srcset: srcset("webp", row.variantWidths),
    avifSrcset: srcset("avif", row.avifWidths),
    placeholder: row.placeholder,
  };
}

const sortColumns = { uploaded_at: images.uploadedAt, name: images.name, size: images.size } as const;

function cursorValue(row: ImageRow, field: SortField): string | number {
  return field === "uploaded_at" ? row.uploadedAt.getTime() : field === "name" ? row.name : row.size;
}

export function listImages(query: ListQuery): ImagePage {
  const column = sortColumns[query.sortField];
  const direction = query.sortOrder === "asc" ? asc : desc;
  const order = [direction(column), direction(images.id)];
  let rows: ImageRow[];
  if (query.cursor) {
    const { value, id } = query.cursor;
    const beyond = query.sortOrder === "asc" ? gt : lt;
    const typedValue = query.sortField === "uploaded_at" ? new Date(Number(value)) : value;
    const after: SQL | undefined = or(beyond(column, typedValue), and(eq(column, typedValue), beyond(images.id, id)));
    rows = db().select().from(images).where(after).orderBy(...order).limit(PAGE_SIZE + 1).all();
  } else {
    // Ids first through the covering index, so a deep OFFSET skips index entries, not rows.
    const ids = db()
      .select({ id: images.id })
      .from(images)
      .orderBy(...order)
      .limit(PAGE_SIZE + 1)
      .offset((query.page - 1) * PAGE_SIZE);
    rows = db().select().from(images).where(inArray(images.id, ids)).orderBy(...order).all();
  }
  const hasMore = rows.length > PAGE_SIZE;
  const pageRows = rows.slice(0, PAGE_SIZE);
  const last = pageRows.at(-1);
  return {
    images: pageRows.map(toImage),
    page: query.page,
    pageSize: PAGE_SIZE,
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeCursor({ sortField: query.sortField, sortOrder: query.sortOrder, value: cursorValue(last, query.sortField), id: last.id })
        : null,
  };
}

/** Up to `wanted` distinct images, picked by random id probes so it stays fast at any table size. */
export function randomImages(wanted: number): Image[] {
  const total = db().select({ total: count() }).from(images).get()?.total ?? 0;
  if (total <= wanted) {
    const all = db().select().from(images).all();
    return shuffle(all).map(toImage);
  }
  const maxId = db().select({ id: images.id }).from(images).orderBy(desc(images.id)).limit(1).get()!.id;
  const picked = new Map<number, ImageRow>();
  for (let attempt = 0; picked.size < wanted && attempt < wanted * 20; attempt++) {
    const probe = 1 + Math.floor(Math.random() * maxId);
    const row = db().select().from(images).where(gte(images.id, probe)).orderBy(asc(images.id)).limit(1).get();
    if (row) picked.set(row.id, row);
  }
  return [...picked.values()].map(toImage);
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export function findImage(id: number): ImageRow | undefined {
  return db().select().from(images).where(eq(images.id, id)).get();
}

export function getImage(id: number): Image {
  const row = findImage(id);
  if (!row) throw httpError(404, `There is no image with id ${id}`);
  return toImage(row);
}

/** The images before and after `id` in the gallery's order (newest first). */
export function neighbours(id: number): { previous: number | null; next: number | null } {
  const row = findImage(id);
  if (!row) return { previous: null, next: null };
  const newer = or(gt(images.uploadedAt, row.uploadedAt), and(eq(images.uploadedAt, row.uploadedAt), gt(images.id, id)));
  const older = or(lt(images.uploadedAt, row.uploadedAt), and(eq(images.uploadedAt, row.uploadedAt), lt(images.id, id)));
  const previous = db().select({ id: images.id }).from(images).where(newer)
    .orderBy(asc(images.uploadedAt), asc(images.id)).limit(1).get();
  const next = db().select({ id: images.id }).from(images).where(older)
    .orderBy(desc(images.uploadedAt), desc(images.id)).limit(1).get();
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}

export function galleryStats(): { count: number; uploadedBytes: number; storedBytes: number } {
  const row = db()
    .select({ count: count(), uploadedBytes: sum(images.size), storedBytes: sum(images.storedBytes) })
    .from(images)
    .get();
  return { count: row?.count ?? 0, uploadedBytes: Number(row?.uploadedBytes ?? 0), storedBytes: Number(row?.storedBytes ?? 0) };
}

function duplicateOf(id: number): Response {
  return httpError(409, `This image was already uploaded (image ${id}).`, { id });
}

/** Two heavy sharp jobs at once at most, so concurrent uploads cannot exhaust memory. */
const MAX_CONCURRENT_PROCESSING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withProcessingSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_PROCESSING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const file of await fsp.readdir(dir)) total += (await fsp.stat(path.join(dir, file))).size;
  return total;
}

/**
 * Stores one uploaded file: checks it, writes its variants into a temp folder,
 * renames the folder into place, then inserts the row. The temp upload is
 * always consumed; on any failure nothing is left behind.
 */
export async function createImage(file: UploadedFile, text: { name: string; description: string }): Promise<Image> {
  const prepared = tmpPath();
  let committedKey: string | undefined;
  try {
    if (file.size === 0) throw httpError(415, `The file is empty. Accepted types: ${ACCEPTED_TYPES_TEXT}.`);
    const existing = db().select({ id: images.id }).from(images).where(eq(images.checksum, file.checksum)).get();
    if (existing) throw duplicateOf(existing.id);

    await fsp.mkdir(prepared);
    const processed = await withProcessingSlot(() => processImage(file.path, prepared));
    await moveOriginal(file.path, prepared);
    const storedBytes = await folderBytes(prepared);
    const key = newStorageKey();
    await commitImageDir(prepared, key);
    committedKey = key;

    const now = new Date();
    const insert = db()
      .insert(images)
      .values({
        ...text,
        originalFilename: file.filename,
        storageKey: key,
        mimeType: processed.mimeType,
        size: file.size,
        storedBytes,
        width: processed.width,
        height: processed.height,
        variantWidths: processed.variantWidths,
        avifWidths: processed.avifWidths,
        checksum: file.checksum,
        placeholder: processed.placeholder,
        uploadedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: images.checksum })
      .returning()
      .get();
    if (!insert) {
      // A concurrent upload of the same file won the race.
      const winner = db().select({ id: images.id }).from(images).where(eq(images.checksum, file.checksum)).get();
      throw duplicateOf(winner?.id ?? 0);
    }
    committedKey = undefined;
    return toImage(insert);
  } catch (error) {
    if (committedKey) await removeImageDir(committedKey);
    throw storageErrorResponse(error) ?? error;
  } finally {
    await fsp.rm(prepared, { recursive: true, force: true });
    await fsp.rm(file.path, { force: true });
  }
}

export function updateImage(id: number, text: { name: string; description: string }): Image {
  const row = db()
    .update(images)
    .set({ ...text, updatedAt: new Date() })
    .where(eq(images.id, id))
    .returning()
    .get();
  if (!row) throw httpError(404, `There is no image with id ${id}`);
  return toImage(row);
}

/**
 * Row first, then files: a crash in between leaves only an orphan folder, swept
 * at start. A folder that cannot be written is refused up front, so the row and
 * its files go together.
 */
export async function deleteImage(id: number): Promise<void> {
  if (!(await storageWritable())) throw storageUnavailable();
  const row = db().delete(images).where(eq(images.id, id)).returning({ key: images.storageKey }).get();
  if (!row) throw httpError(404, `There is no image with id ${id}`);
  forgetVariants(row.key);
  try {
    await removeImageDir(row.key);
  } catch (error) {
    // The photo is gone from the site; its folder is an orphan the next start removes.
    console.error(`Could not remove the files of image ${id} (${row.key}): ${(error as Error).message}`);
  }
}

export type ImageIntentResult = { intent: "update"; image: Image } | { intent: "delete"; id: number };

function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The gallery page's edit and delete forms: the same model calls as PUT and DELETE /api/image/:id. */
export async function applyImageIntent(form: FormData): Promise<ImageIntentResult> {
  const id = parseImageId(formText(form, "id"));
  switch (form.get("intent")) {
    case "update":
      return {
        intent: "update",
        image: updateImage(id, parseImageText({ name: formText(form, "name"), description: formText(form, "description") })),
      };
    case "delete":
      await deleteImage(id);
      return { intent: "delete", id };
    default:
      throw httpError(400, "intent must be update or delete");
  }
}

export function allStorageKeys(): Set<string> {
  return new Set(db().select({ key: images.storageKey }).from(images).all().map((r) => r.key));
}
