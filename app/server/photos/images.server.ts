/**
 * Reading the images table: the gallery's pages, one photo and its
 * neighbours, the totals. The row-to-API mapping is `image-json.server.ts`,
 * random picks `random-images.server.ts`; writes (files and rows together)
 * are in `image-store.server.ts`.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, sum, type SQL } from "drizzle-orm";
import type { Image, ImagePage } from "~/lib/image";
import { db } from "~/server/data/db.server";
import { dataVersion } from "~/server/data/data-version.server";
import { toImage, toImages } from "./image-json.server";
import { HttpError } from "~/server/core/http-error.server";
import { albumImages, favourites, images, imageTags, shareVisitors, type ImageRow } from "~/server/data/schema";
import { encodeCursor, PAGE_SIZE, type ListOrder, type ListQuery, type SortField } from "./list-query.server";
import { sortKeys, type ListedRow, type SortKey } from "./sort-keys.server";
import { OWNER, proofMarkFor, unmarkedAccess, type Access } from "~/server/access/access.server";
import { photoListed, photoOpen } from "~/server/access/visibility-sql.server";
import { matching, searchImages, searchNeighbours } from "./search.server";
import { gearCondition, type Gear } from "./gear.server";

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

/**
 * What a list runs over: the gallery (the photos `access` sees listed), those
 * of it with a tag, camera or lens or matching a search, or one album's photos, all of them:
 * whoever may open the album sees what it holds.
 */
export interface ListScope {
  access: Access;
  albumId?: number;
  tagId?: number;
  /** A search's words (search.server.ts): the gallery's photos that match them. */
  search?: string[];
  gear?: Gear;
  /** An album's photos its share link's visitor marked (record 070); none before they gave a name. */
  onlyFavourites?: boolean;
}

/** The photos a list runs over: the gallery's (a camera's, a lens's), a tag's, or one album's with its manual order. */
function scoped({ albumId, tagId }: ListScope) {
  if (tagId !== undefined)
    return db()
      .select({ image: images, position: sql<null>`NULL` })
      .from(imageTags)
      .innerJoin(images, eq(images.id, imageTags.imageId))
      .where(eq(imageTags.tagId, tagId))
      .$dynamic();
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

/** The album's photos marked by the visitor of this request's grant on it, on that very link. */
function markedByVisitor(access: Access, albumId: number): SQL {
  const grant = access.albumGrants.find((each) => each.albumId === albumId);
  if (!grant?.visitorId) return sql`0`;
  const marked = db()
    .select({ imageId: favourites.imageId })
    .from(favourites)
    .innerJoin(shareVisitors, eq(shareVisitors.id, favourites.visitorId))
    .where(and(eq(favourites.visitorId, grant.visitorId), eq(shareVisitors.linkId, grant.linkId)));
  return inArray(albumImages.imageId, marked);
}

/** The scope's condition and `more`, for a scoped list (`where` replaces the album's or tag's own). */
function within(
  { albumId, tagId, gear, search, access, onlyFavourites }: ListScope,
  more: SQL | undefined,
): SQL | undefined {
  // A search's results are the gallery's photos too: a hidden one is never found.
  if (search !== undefined) return and(matching(search, access), photoListed(access), more);
  // A tag's (camera's, lens's) page is the gallery's photos with it: what the request sees listed, never a hidden one.
  if (tagId !== undefined) return and(eq(imageTags.tagId, tagId), photoListed(access), more);
  if (gear) return and(gearCondition(gear), photoListed(access), more);
  if (albumId === undefined) return and(photoListed(access), more);
  return and(eq(albumImages.albumId, albumId), onlyFavourites ? markedByVisitor(access, albumId) : undefined, more);
}

/**
 * The gallery's rows (or a camera's, a lens's) in `keys` order, ids first through a covering index: a deep OFFSET
 * skips index entries, and a camera's thousands of photos are sorted as index entries, not whole rows.
 */
function rowsByIdsFirst(scope: ListScope, keys: SortKey[], more: SQL | undefined, limit: number, offset = 0) {
  const ids = db()
    .select({ id: images.id })
    .from(images)
    .where(within(scope, more))
    .orderBy(...orderBy(keys))
    .limit(limit)
    .offset(offset);
  return db()
    .select()
    .from(images)
    .where(inArray(images.id, ids))
    .orderBy(...orderBy(keys))
    .all();
}

export function listImages(query: ListQuery, access: Access): ImagePage {
  if (query.search !== undefined) return searchImages(query, query.search, access);
  const { albumId, tagId, gear, onlyFavourites } = query;
  const scope = { access, albumId, tagId, gear, onlyFavourites };
  const keys = sortKeys(query.sortField, query.sortOrder);
  const offset = query.cursor ? 0 : (query.page - 1) * PAGE_SIZE;
  const more = query.cursor ? after(keys, query.cursor.values) : undefined;
  let rows: ListedRow[];
  if (gear || (!query.cursor && albumId === undefined && tagId === undefined)) {
    rows = rowsByIdsFirst(scope, keys, more, PAGE_SIZE + 1, offset).map((image) => ({ image, position: null }));
  } else {
    rows = scoped(scope)
      .where(within(scope, more))
      .orderBy(...orderBy(keys))
      .limit(PAGE_SIZE + 1)
      .offset(offset)
      .all();
  }
  const hasMore = rows.length > PAGE_SIZE;
  const pageRows = rows.slice(0, PAGE_SIZE);
  const last = pageRows.at(-1);
  return {
    images: toImages(
      pageRows.map((row) => row.image),
      access,
      proofMarkFor(access, albumId),
    ),
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
export function firstImageRows(limit: number, order: ListOrder, scope: ListScope): ImageRow[] {
  if (scope.gear) return rowsByIdsFirst(scope, sortKeys(order.sortField, order.sortOrder), undefined, limit);
  return scoped(scope)
    .where(within(scope, undefined))
    .orderBy(...orderBy(sortKeys(order.sortField, order.sortOrder)))
    .limit(limit)
    .all()
    .map((row) => row.image);
}

/** The album's photos as `order` lists them, as SQL order terms (an album switching to manual keeps what it showed). */
export function albumOrderTerms(order: ListOrder): SQL[] {
  return orderBy(sortKeys(order.sortField, order.sortOrder));
}

/** The photo by id, as the API answers it: a photo `access` may not see is answered as one that does not exist. */
export function getImage(id: number, access: Access): Image {
  const openTo = (scope: Access) =>
    db()
      .select()
      .from(images)
      .where(and(eq(images.id, id), photoOpen(scope)))
      .get();
  const row = openTo(unmarkedAccess(access));
  if (row) return toImage(row, access);
  // Open only through a link with a watermark (record 088): its proofs' addresses, as the album's page gives them.
  for (const grant of access.albumGrants) {
    const marked = grant.mark && openTo({ owner: false, albumGrants: [grant] });
    if (marked) return toImage(marked, access, grant.mark);
  }
  throw new HttpError(404, `There is no image with id ${id}`);
}

/** The photo by id within a list's scope (the gallery, or one album), as the viewer opens it; else the same 404 as a missing one. */
export function getImageInScope(id: number, scope: ListScope): Image {
  const row = scoped(scope)
    .where(within(scope, eq(images.id, id)))
    .get();
  if (!row) throw new HttpError(404, `There is no image with id ${id}`);
  return toImage(row.image, scope.access, proofMarkFor(scope.access, scope.albumId));
}

/** The images before and after `id` in a list's order (the gallery's: newest upload first), within an album if given. */
export function neighbours(
  id: number,
  scope: ListScope,
  sortField: SortField = "uploaded_at",
  sortOrder: "asc" | "desc" = "desc",
): { previous: number | null; next: number | null } {
  if (scope.search !== undefined) return searchNeighbours(id, scope.search, scope.access);
  const row = scoped(scope)
    .where(within(scope, eq(images.id, id)))
    .get();
  if (!row) return { previous: null, next: null };
  const keys = sortKeys(sortField, sortOrder);
  const values = keys.map((key) => key.valueOf(row));
  const nearest = (direction: SortKey[]) =>
    scoped(scope)
      .where(within(scope, after(direction, values)))
      .orderBy(...orderBy(direction))
      .limit(1)
      .get()?.image.id ?? null;
  return { previous: nearest(reversed(keys)), next: nearest(keys) };
}

let publicTotal: { version: string; total: number } | undefined;

/** How many photos a list runs over, the whole gallery's or one album's: the slideshow's "12 / 60". */
export function listCount(scope: ListScope): number {
  // Counting the public photos reads every entry of their index (2.5 ms at 100,000; a plain count is SQLite's
  // b-tree count): a visitor's gallery keeps its total until the content changes.
  if (
    scope.albumId === undefined &&
    scope.tagId === undefined &&
    !scope.gear &&
    scope.search === undefined &&
    !scope.access.owner
  ) {
    const version = dataVersion();
    if (publicTotal?.version !== version) publicTotal = { version, total: countListed(scope) };
    return publicTotal.total;
  }
  return countListed(scope);
}

function countListed(scope: ListScope): number {
  const counted = db().select({ total: count() });
  const row =
    scope.tagId !== undefined
      ? counted
          .from(imageTags)
          .innerJoin(images, eq(images.id, imageTags.imageId))
          .where(within(scope, undefined))
          .get()
      : scope.albumId === undefined
        ? counted.from(images).where(within(scope, undefined)).get()
        : counted.from(albumImages).where(within(scope, undefined)).get();
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

/** The owner's newest uploads, hidden ones too, for the dashboard's "Latest uploads". */
export function latestUploads(limit: number): Image[] {
  const rows = db().select().from(images).orderBy(desc(images.uploadedAt), desc(images.id)).limit(limit).all();
  return toImages(rows, OWNER);
}
