/**
 * Reading the images table: the gallery's pages, random picks, one photo and
 * its neighbours, the totals, and the row-to-API mapping. Writes (files and
 * rows together) are in `image-store.server.ts`.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sum, type SQL } from "drizzle-orm";
import type { Image, ImagePage } from "~/lib/image";
import { db } from "./db.server";
import { HttpError } from "./http.server";
import { images, type ImageRow } from "./schema";
import { encodeCursor, PAGE_SIZE, type ListQuery, type SortField } from "./validation.server";

const DISPLAY_WIDTH = 1280;

export function mediaUrl(key: string, width: number, format: "webp" | "avif"): string {
  return `/media/${key}/w${width}.${format}`;
}

/** The WebP variant pages and feeds show when one size must do: the largest up to 1280 px wide. */
export function displayVariant(row: ImageRow): { url: string; width: number; height: number } {
  const width = row.variantWidths.filter((w) => w <= DISPLAY_WIDTH).at(-1) ?? row.variantWidths[0]!;
  return {
    url: mediaUrl(row.storageKey, width, "webp"),
    width,
    height: Math.round((row.height * width) / row.width),
  };
}

export function toImage(row: ImageRow): Image {
  const srcset = (format: "webp" | "avif", widths: number[]) =>
    widths.map((w) => `${mediaUrl(row.storageKey, w, format)} ${w}w`).join(", ");
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: displayVariant(row).url,
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
    rows = db()
      .select()
      .from(images)
      .where(after)
      .orderBy(...order)
      .limit(PAGE_SIZE + 1)
      .all();
  } else {
    // Ids first through the covering index, so a deep OFFSET skips index entries, not rows.
    const ids = db()
      .select({ id: images.id })
      .from(images)
      .orderBy(...order)
      .limit(PAGE_SIZE + 1)
      .offset((query.page - 1) * PAGE_SIZE);
    rows = db()
      .select()
      .from(images)
      .where(inArray(images.id, ids))
      .orderBy(...order)
      .all();
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
        ? encodeCursor({
            sortField: query.sortField,
            sortOrder: query.sortOrder,
            value: cursorValue(last, query.sortField),
            id: last.id,
          })
        : null,
  };
}

/** The newest photos, newest first, as rows: feeds need their edit times too. */
export function newestImageRows(limit: number): ImageRow[] {
  return db().select().from(images).orderBy(desc(images.uploadedAt), desc(images.id)).limit(limit).all();
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
  if (!row) throw new HttpError(404, `There is no image with id ${id}`);
  return toImage(row);
}

/** The images before and after `id` in the gallery's order (newest first). */
export function neighbours(id: number): { previous: number | null; next: number | null } {
  const row = findImage(id);
  if (!row) return { previous: null, next: null };
  const newer = or(
    gt(images.uploadedAt, row.uploadedAt),
    and(eq(images.uploadedAt, row.uploadedAt), gt(images.id, id)),
  );
  const older = or(
    lt(images.uploadedAt, row.uploadedAt),
    and(eq(images.uploadedAt, row.uploadedAt), lt(images.id, id)),
  );
  const previous = db()
    .select({ id: images.id })
    .from(images)
    .where(newer)
    .orderBy(asc(images.uploadedAt), asc(images.id))
    .limit(1)
    .get();
  const next = db()
    .select({ id: images.id })
    .from(images)
    .where(older)
    .orderBy(desc(images.uploadedAt), desc(images.id))
    .limit(1)
    .get();
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}

export function galleryStats(): { count: number; uploadedBytes: number; storedBytes: number } {
  const row = db()
    .select({ count: count(), uploadedBytes: sum(images.size), storedBytes: sum(images.storedBytes) })
    .from(images)
    .get();
  return {
    count: row?.count ?? 0,
    uploadedBytes: Number(row?.uploadedBytes ?? 0),
    storedBytes: Number(row?.storedBytes ?? 0),
  };
}

export function allStorageKeys(): Set<string> {
  return new Set(
    db()
      .select({ key: images.storageKey })
      .from(images)
      .all()
      .map((r) => r.key),
  );
}
