/**
 * Albums: their rows, their order and their covers. Which albums a photo is
 * in is memberships.server.ts; which photos an album lists, page by page, is
 * images.server.ts's listImages with `albumId`.
 */
import { and, asc, count, desc, eq, max, ne } from "drizzle-orm";
import type { Album } from "~/lib/album";
import { slugify } from "~/lib/slug";
import { db } from "~/server/data/db.server";
import { HttpError } from "~/server/core/http-error.server";
import { toImage } from "~/server/photos/image-json.server";
import { albumImages, albums, images, type AlbumRow, type ImageRow } from "~/server/data/schema";
import type { ListOrder } from "~/server/photos/list-query.server";
import type { AlbumInput } from "./album-input.server";
import { MANUAL_ORDER, renumberAlbum } from "./album-order.server";
import { inAlbum } from "./memberships.server";
import { OWNER, proofMarkFor, type Access } from "~/server/access/access.server";
import { albumListed, albumOpen } from "~/server/access/visibility-sql.server";

function notFound(what: string): HttpError {
  return new HttpError(404, `There is no album ${what}`);
}

/** The album's newest photo; with `imageId`, that photo if it is in the album. */
function albumPhoto(albumId: number, imageId?: number) {
  return db()
    .select({ image: images })
    .from(albumImages)
    .innerJoin(images, eq(images.id, albumImages.imageId))
    .where(and(eq(albumImages.albumId, albumId), imageId === undefined ? undefined : eq(images.id, imageId)))
    .orderBy(desc(images.uploadedAt), desc(images.id))
    .limit(1)
    .get()?.image;
}

/**
 * The chosen cover is read through the album's photos, so that a cover left
 * behind by a photo that left the album (older versions kept it) is never shown.
 */
export function coverRow(row: AlbumRow): ImageRow | null {
  return (row.coverId === null ? undefined : albumPhoto(row.id, row.coverId)) ?? albumPhoto(row.id) ?? null;
}

/** The order the album lists its photos in when a query names none. */
export function albumListOrder(row: AlbumRow): ListOrder {
  return row.sort === "manual" ? MANUAL_ORDER : { sortField: row.sort, sortOrder: row.sortOrder };
}

/**
 * The album as `access` sees it: whoever may open it sees all it holds, hidden photos too.
 * `count` and `cover` when the caller has them already (the albums page reads the count with the list).
 */
export function toAlbum(row: AlbumRow, access: Access, count = photoCount(row.id), cover = coverRow(row)): Album {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    cover: cover ? toImage(cover, access, proofMarkFor(access, row.id)) : null,
    count,
    sort: row.sort,
    sortOrder: row.sortOrder,
    addTo: row.addTo,
    created_at: row.createdAt.toISOString(),
    visibility: row.visibility,
  };
}

function photoCount(albumId: number): number {
  return db().select({ n: count() }).from(albumImages).where(eq(albumImages.albumId, albumId)).get()?.n ?? 0;
}

function orderedRows(access: Access = OWNER): AlbumRow[] {
  return db().select().from(albums).where(albumListed(access)).orderBy(asc(albums.position), asc(albums.id)).all();
}

/** The albums `access` sees listed, in the admin's order. */
export function listAlbums(access: Access): Album[] {
  return orderedRows(access).map((row) => toAlbum(row, access));
}

/** Names, ids and visibility only, for the admin's checkboxes and menus. */
export function albumChoices(): { id: number; name: string; visibility: AlbumRow["visibility"] }[] {
  return orderedRows().map(({ id, name, visibility }) => ({ id, name, visibility }));
}

/** The slugs of the albums `access` sees listed, in order: the sitemap's album pages. */
export function albumSlugs(access: Access): string[] {
  return orderedRows(access).map((row) => row.slug);
}

/** The album by id; one `access` may not open is answered as one that does not exist. */
export function findAlbumRow(id: number, access: Access): AlbumRow {
  const row = db()
    .select()
    .from(albums)
    .where(and(eq(albums.id, id), albumOpen(access)))
    .get();
  if (!row) throw notFound(`with id ${id}`);
  return row;
}

/** The album at its address; one `access` may not open is answered as one that does not exist. */
export function albumBySlug(slug: string, access: Access): AlbumRow {
  const row = db()
    .select()
    .from(albums)
    .where(and(eq(albums.slug, slug), albumOpen(access)))
    .get();
  if (!row) throw notFound(`at /photography/albums/${slug}`);
  return row;
}

function slugTaken(slug: string, exceptId?: number): boolean {
  const where = exceptId === undefined ? eq(albums.slug, slug) : and(eq(albums.slug, slug), ne(albums.id, exceptId));
  return db().select({ id: albums.id }).from(albums).where(where).get() !== undefined;
}

/** The name's slug, or with -2, -3… when another album has it. */
function freeSlug(name: string): string {
  const base = slugify(name);
  let slug = base;
  for (let n = 2; slugTaken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export function createAlbum(input: AlbumInput & { name: string }): Album {
  if (input.slug !== undefined && slugTaken(input.slug)) {
    throw new HttpError(409, `The slug "${input.slug}" is taken by another album`, { field: "slug" });
  }
  const last =
    db()
      .select({ position: max(albums.position) })
      .from(albums)
      .get()?.position ?? 0;
  const row = db()
    .insert(albums)
    .values({
      name: input.name,
      description: input.description ?? "",
      slug: input.slug ?? freeSlug(input.name),
      position: last + 1,
      createdAt: new Date(),
      visibility: input.visibility ?? "public",
    })
    .returning()
    .get();
  return toAlbum(row, OWNER);
}

/** Positions 1, 2, 3… in the order of `ids`. */
function renumber(ids: number[]): void {
  ids.forEach((albumId, index) =>
    db()
      .update(albums)
      .set({ position: index + 1 })
      .where(eq(albums.id, albumId))
      .run(),
  );
}

/** Moves an album to `position` (1 first, past the end means last); the others close up behind it. */
function moveAlbum(id: number, position: number): void {
  const ids = orderedRows()
    .map((row) => row.id)
    .filter((other) => other !== id);
  ids.splice(Math.min(position, ids.length + 1) - 1, 0, id);
  renumber(ids);
}

export function updateAlbum(id: number, input: AlbumInput): Album {
  return db().transaction(() => {
    if (input.slug !== undefined && slugTaken(input.slug, id)) {
      throw new HttpError(409, `The slug "${input.slug}" is taken by another album`, { field: "slug" });
    }
    if (input.coverId && !inAlbum(id, input.coverId)) {
      throw new HttpError(400, "coverId must be a photo in the album");
    }
    const { position, ...fields } = input;
    const before = findAlbumRow(id, OWNER);
    // Manual order starts from the order the album showed until now.
    if (fields.sort === "manual" && before.sort !== "manual") renumberAlbum(id, albumListOrder(before));
    if (Object.keys(fields).length) db().update(albums).set(fields).where(eq(albums.id, id)).run();
    if (position !== undefined) moveAlbum(id, position);
    return toAlbum(findAlbumRow(id, OWNER), OWNER);
  });
}

/** The album goes; its photos stay where they are. */
export function deleteAlbum(id: number): void {
  findAlbumRow(id, OWNER);
  db().transaction(() => {
    db().delete(albums).where(eq(albums.id, id)).run();
    renumber(orderedRows().map((row) => row.id));
  });
}
