/**
 * Albums: their rows, their order and the photos in them (album_images).
 * Which photos an album lists, page by page, is images.server.ts's listImages
 * with `albumId`.
 */
import { and, asc, count, desc, eq, inArray, max, ne } from "drizzle-orm";
import type { Album } from "~/lib/album";
import { slugify } from "~/lib/slug";
import { db } from "~/server/data/db.server";
import { HttpError } from "~/server/core/http-error.server";
import { toImage } from "~/server/photos/images.server";
import { albumImages, albums, images, type AlbumRow } from "~/server/data/schema";
import type { AlbumInput } from "./album-input.server";

function notFound(what: string): HttpError {
  return new HttpError(404, `There is no album ${what}`);
}

function coverOf(row: AlbumRow) {
  const chosen = row.coverId === null ? undefined : db().select().from(images).where(eq(images.id, row.coverId)).get();
  const cover =
    chosen ??
    db()
      .select({ image: images })
      .from(albumImages)
      .innerJoin(images, eq(images.id, albumImages.imageId))
      .where(eq(albumImages.albumId, row.id))
      .orderBy(desc(images.uploadedAt), desc(images.id))
      .limit(1)
      .get()?.image;
  return cover ? toImage(cover) : null;
}

export function toAlbum(row: AlbumRow): Album {
  const photos = db().select({ n: count() }).from(albumImages).where(eq(albumImages.albumId, row.id)).get()?.n ?? 0;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    cover: coverOf(row),
    count: photos,
    created_at: row.createdAt.toISOString(),
  };
}

function orderedRows(): AlbumRow[] {
  return db().select().from(albums).orderBy(asc(albums.position), asc(albums.id)).all();
}

/** Every album, in the admin's order. */
export function listAlbums(): Album[] {
  return orderedRows().map(toAlbum);
}

/** Names and ids only, for the admin's checkboxes and menus. */
export function albumChoices(): { id: number; name: string }[] {
  return orderedRows().map(({ id, name }) => ({ id, name }));
}

/** Every album's slug, in order: the sitemap's album pages. */
export function albumSlugs(): string[] {
  return orderedRows().map((row) => row.slug);
}

export function findAlbumRow(id: number): AlbumRow {
  const row = db().select().from(albums).where(eq(albums.id, id)).get();
  if (!row) throw notFound(`with id ${id}`);
  return row;
}

export function albumBySlug(slug: string): AlbumRow {
  const row = db().select().from(albums).where(eq(albums.slug, slug)).get();
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
    throw new HttpError(409, `The slug "${input.slug}" is taken by another album`);
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
    })
    .returning()
    .get();
  return toAlbum(row);
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
    findAlbumRow(id);
    if (input.slug !== undefined && slugTaken(input.slug, id)) {
      throw new HttpError(409, `The slug "${input.slug}" is taken by another album`);
    }
    if (input.coverId) {
      const inAlbum = db()
        .select({ id: albumImages.imageId })
        .from(albumImages)
        .where(and(eq(albumImages.albumId, id), eq(albumImages.imageId, input.coverId)))
        .get();
      if (!inAlbum) throw new HttpError(400, "coverId must be a photo in the album");
    }
    const { position, ...fields } = input;
    if (Object.keys(fields).length) db().update(albums).set(fields).where(eq(albums.id, id)).run();
    if (position !== undefined) moveAlbum(id, position);
    return toAlbum(findAlbumRow(id));
  });
}

/** The album goes; its photos stay where they are. */
export function deleteAlbum(id: number): void {
  findAlbumRow(id);
  db().transaction(() => {
    db().delete(albums).where(eq(albums.id, id)).run();
    renumber(orderedRows().map((row) => row.id));
  });
}

/** Refuses album ids that do not exist, before anything is written. */
export function assertAlbumsExist(ids: number[]): void {
  if (!ids.length) return;
  const found = new Set(
    db()
      .select({ id: albums.id })
      .from(albums)
      .where(inArray(albums.id, ids))
      .all()
      .map((row) => row.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new HttpError(400, `There is no album with id ${missing.join(", ")}`);
}

/** Replaces the photo's albums with `ids` (checked to exist). Called inside the caller's transaction, if any. */
export function setImageAlbums(imageId: number, ids: number[]): void {
  assertAlbumsExist(ids);
  db().delete(albumImages).where(eq(albumImages.imageId, imageId)).run();
  if (ids.length)
    db()
      .insert(albumImages)
      .values(ids.map((albumId) => ({ albumId, imageId })))
      .run();
}
