/**
 * Reading the images table: the gallery's pages, random picks, one photo and
 * its neighbours, the totals, and the row-to-API mapping. Writes (files and
 * rows together) are in `image-store.server.ts`.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sql, sum, type SQL } from "drizzle-orm";
import type { Image, ImagePage } from "~/lib/image";
import { config } from "~/server/core/config.server";
import { db } from "~/server/data/db.server";
import { exifJson, takenAtJson } from "./exif.server";
import { albumIdsByImage } from "~/server/albums/memberships.server";
import { HttpError } from "~/server/core/http-error.server";
import { albumImages, images, type ImageRow } from "~/server/data/schema";
import { encodeCursor, PAGE_SIZE, type ListOrder, type ListQuery, type SortField } from "./list-query.server";

const DISPLAY_WIDTH = 1280;

/** Through the site's `/media`, or straight from MEDIA_BASE_URL (a public bucket or its CDN) when set. */
export function mediaUrl(key: string, width: number, format: "webp" | "avif"): string {
  return `${config().mediaBaseUrl ?? "/media"}/${key}/w${width}.${format}`;
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

/** Rows as the API's image JSON, their album ids read in one query for all of them. */
export function toImages(rows: ImageRow[]): Image[] {
  const albumIds = albumIdsByImage(rows.map((row) => row.id));
  return rows.map((row) => imageJson(row, albumIds.get(row.id)!));
}

export function toImage(row: ImageRow): Image {
  return toImages([row])[0]!;
}

function imageJson(row: ImageRow, albumIds: number[]): Image {
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
    taken_at: takenAtJson(row.takenAt, row.takenOffset),
    exif: exifJson(row),
    albumIds,
  };
}

/** A photo as a list holds it: with its place in the album's manual order when the list is an album's. */
interface ListedRow {
  image: ImageRow;
  position: number | null;
}

/** One part of a sort order; `descending` as the list runs forward. */
interface SortKey {
  expression: SQL;
  descending: boolean;
  /** The row's value, as the expression compares it. */
  valueOf: (row: ListedRow) => string | number;
}

/**
 * The gallery's and the API's orders, each ending with the id so that no two
 * photos tie. Photos without a date taken come last in both directions: the
 * key `taken_at IS NULL` runs ascending either way, and within them only the id
 * orders (their coalesced dates are all 0).
 */
function sortKeys(field: SortField, order: "asc" | "desc"): SortKey[] {
  const descending = order === "desc";
  const id: SortKey = { expression: sql`${images.id}`, descending, valueOf: ({ image }) => image.id };
  switch (field) {
    case "uploaded_at":
      return [
        { expression: sql`${images.uploadedAt}`, descending, valueOf: ({ image }) => image.uploadedAt.getTime() },
        id,
      ];
    case "name":
      return [{ expression: sql`${images.name}`, descending, valueOf: ({ image }) => image.name }, id];
    case "size":
      return [{ expression: sql`${images.size}`, descending, valueOf: ({ image }) => image.size }, id];
    case "taken_at":
      return [
        {
          expression: sql`(${images.takenAt} IS NULL)`,
          descending: false,
          valueOf: ({ image }) => (image.takenAt ? 0 : 1),
        },
        {
          expression: sql`coalesce(${images.takenAt}, 0)`,
          descending,
          valueOf: ({ image }) => image.takenAt?.getTime() ?? 0,
        },
        id,
      ];
    case "position":
      // The album_images key (album, position, image) orders it; the list is always one album's (list-query).
      return [
        { expression: sql`${albumImages.position}`, descending, valueOf: ({ position }) => position ?? 0 },
        { expression: sql`${albumImages.imageId}`, descending, valueOf: ({ image }) => image.id },
      ];
  }
}

function reversed(keys: SortKey[]): SortKey[] {
  return keys.map((key) => ({ ...key, descending: !key.descending }));
}

function orderBy(keys: SortKey[]): SQL[] {
  return keys.map((key) => (key.descending ? desc(key.expression) : asc(key.expression)));
}

/** Rows after `values` in the order of `keys`: the first key beyond, or equal and the rest after. */
function after(keys: SortKey[], values: (string | number)[]): SQL {
  const [key, ...rest] = keys;
  const [value, ...restValues] = values;
  const beyond = key!.descending ? lt(key!.expression, value) : gt(key!.expression, value);
  if (!rest.length) return beyond;
  return or(beyond, and(eq(key!.expression, value), after(rest, restValues)))!;
}

/** The photos a list runs over: all of them, or one album's with their places in its manual order. */
function scoped(albumId: number | undefined) {
  if (albumId === undefined)
    return db()
      .select({ image: images, position: sql<null>`NULL` })
      .from(images)
      .$dynamic();
  return db()
    .select({ image: images, position: albumImages.position })
    .from(albumImages)
    .innerJoin(images, eq(images.id, albumImages.imageId))
    .where(eq(albumImages.albumId, albumId))
    .$dynamic();
}

/** The album's condition and `more`, for a scoped list (`where` replaces the album's own). */
function within(albumId: number | undefined, more: SQL | undefined): SQL | undefined {
  return albumId === undefined ? more : and(eq(albumImages.albumId, albumId), more);
}

export function listImages(query: ListQuery): ImagePage {
  const keys = sortKeys(query.sortField, query.sortOrder);
  let rows: ListedRow[];
  if (query.cursor || query.albumId !== undefined) {
    rows = scoped(query.albumId)
      .where(within(query.albumId, query.cursor ? after(keys, query.cursor.values) : undefined))
      .orderBy(...orderBy(keys))
      .limit(PAGE_SIZE + 1)
      .offset(query.cursor ? 0 : (query.page - 1) * PAGE_SIZE)
      .all();
  } else {
    // Ids first through the covering index, so a deep OFFSET skips index entries, not rows.
    const ids = db()
      .select({ id: images.id })
      .from(images)
      .orderBy(...orderBy(keys))
      .limit(PAGE_SIZE + 1)
      .offset((query.page - 1) * PAGE_SIZE);
    rows = db()
      .select()
      .from(images)
      .where(inArray(images.id, ids))
      .orderBy(...orderBy(keys))
      .all()
      .map((image) => ({ image, position: null }));
  }
  const hasMore = rows.length > PAGE_SIZE;
  const pageRows = rows.slice(0, PAGE_SIZE);
  const last = pageRows.at(-1);
  return {
    images: toImages(pageRows.map((row) => row.image)),
    page: query.page,
    pageSize: PAGE_SIZE,
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeCursor({
            sortField: query.sortField,
            sortOrder: query.sortOrder,
            values: keys.map((key) => key.valueOf(last)),
          })
        : null,
  };
}

/** The first photos of a list in its order (the gallery's newest, an album's own), as rows: feeds need their edit times too. */
export function firstImageRows(limit: number, order: ListOrder, albumId?: number): ImageRow[] {
  return scoped(albumId)
    .where(within(albumId, undefined))
    .orderBy(...orderBy(sortKeys(order.sortField, order.sortOrder)))
    .limit(limit)
    .all()
    .map((row) => row.image);
}

/** The album's photos as `order` lists them, as SQL order terms (an album switching to manual keeps what it showed). */
export function albumOrderTerms(order: ListOrder): SQL[] {
  return orderBy(sortKeys(order.sortField, order.sortOrder));
}

/** Up to `wanted` distinct images, picked by random id probes so it stays fast at any table size. */
export function randomImages(wanted: number): Image[] {
  const total = db().select({ total: count() }).from(images).get()?.total ?? 0;
  if (total <= wanted) {
    const all = db().select().from(images).all();
    return toImages(shuffle(all));
  }
  const maxId = db().select({ id: images.id }).from(images).orderBy(desc(images.id)).limit(1).get()!.id;
  const picked = new Map<number, ImageRow>();
  for (let attempt = 0; picked.size < wanted && attempt < wanted * 20; attempt++) {
    const probe = 1 + Math.floor(Math.random() * maxId);
    const row = db().select().from(images).where(gte(images.id, probe)).orderBy(asc(images.id)).limit(1).get();
    if (row) picked.set(row.id, row);
  }
  return toImages([...picked.values()]);
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

/** The images before and after `id` in a list's order (the gallery's: newest upload first), within an album if given. */
export function neighbours(
  id: number,
  sortField: SortField = "uploaded_at",
  sortOrder: "asc" | "desc" = "desc",
  albumId?: number,
): { previous: number | null; next: number | null } {
  const row = scoped(albumId)
    .where(within(albumId, eq(images.id, id)))
    .get();
  if (!row) return { previous: null, next: null };
  const keys = sortKeys(sortField, sortOrder);
  const values = keys.map((key) => key.valueOf(row));
  const nearest = (direction: SortKey[]) =>
    scoped(albumId)
      .where(within(albumId, after(direction, values)))
      .orderBy(...orderBy(direction))
      .limit(1)
      .get()?.image.id ?? null;
  return { previous: nearest(reversed(keys)), next: nearest(keys) };
}

/** How many photos a list runs over, the whole gallery's or one album's: the slideshow's "12 / 60". */
export function listCount(albumId?: number): number {
  const counted = db().select({ total: count() });
  const row =
    albumId === undefined
      ? counted.from(images).get()
      : counted.from(albumImages).where(eq(albumImages.albumId, albumId)).get();
  return row?.total ?? 0;
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
