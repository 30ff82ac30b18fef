/**
 * Which albums a photo is in (album_images), and the album covers that depend
 * on it: a photo that leaves an album stops being its cover in the same write.
 */
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { db, type Queryable } from "~/server/data/db.server";
import { HttpError } from "~/server/core/http-error.server";
import { albumImages, albums } from "~/server/data/schema";
import { joiningPosition, type JoinAt } from "./album-order.server";
import { OWNER, type Access } from "~/server/access/access.server";
import { albumListed } from "~/server/access/visibility-sql.server";
import type { HiddenBy } from "~/lib/album-privacy";
import { hideForJoinedAlbums } from "./album-privacy.server";

/** A photo's row in an album: its id and its place in the album's manual order. */
export interface AlbumMember {
  imageId: number;
  position: number;
}

/** The album_images row that puts `imageId` in `albumId`, as a where clause (select, update or delete). */
export function membershipOf(albumId: number, imageId: number): SQL {
  return and(eq(albumImages.albumId, albumId), eq(albumImages.imageId, imageId))!;
}

/** The photo's row in the album, or undefined when it is not in it; pass `tx` inside a transaction. */
export function albumMember(albumId: number, imageId: number, tx: Queryable = db()): AlbumMember | undefined {
  return tx
    .select({ imageId: albumImages.imageId, position: albumImages.position })
    .from(albumImages)
    .where(membershipOf(albumId, imageId))
    .get();
}

/** Whether the photo is in the album; pass `tx` inside a transaction. */
export function inAlbum(albumId: number, imageId: number, tx: Queryable = db()): boolean {
  return albumMember(albumId, imageId, tx) !== undefined;
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

/**
 * Each photo's album ids, ascending, in one query, among the albums `access`
 * sees listed (a visitor never learns an unlisted or private album's id from
 * a photo); a photo in no album maps to [].
 */
export function albumIdsByImage(imageIds: number[], access: Access = OWNER): Map<number, number[]> {
  const byImage = new Map<number, number[]>(imageIds.map((id) => [id, []]));
  if (!imageIds.length) return byImage;
  const rows = db()
    .select({ imageId: albumImages.imageId, albumId: albumImages.albumId })
    .from(albumImages)
    .innerJoin(albums, eq(albums.id, albumImages.albumId))
    .where(and(inArray(albumImages.imageId, imageIds), albumListed(access)))
    .orderBy(asc(albumImages.albumId))
    .all();
  for (const row of rows) byImage.get(row.imageId)?.push(row.albumId);
  return byImage;
}

function removeFromAlbums(imageId: number, albumIds: number[]): void {
  if (!albumIds.length) return;
  db()
    .delete(albumImages)
    .where(and(eq(albumImages.imageId, imageId), inArray(albumImages.albumId, albumIds)))
    .run();
  // The album falls back to its newest photo.
  db()
    .update(albums)
    .set({ coverId: null })
    .where(and(inArray(albums.id, albumIds), eq(albums.coverId, imageId)))
    .run();
}

/** Where a joining photo goes, and whether the owner keeps it public in an unlisted or private album. */
export interface JoinOptions {
  joinAt?: JoinAt;
  keepPublic?: boolean;
}

/**
 * Puts the photo in the `ticked` albums (checked to exist) and takes it out of
 * the others among `listed`; albums not listed keep their membership, so a
 * form saved after an album was added elsewhere leaves that album alone.
 * Without `listed` every album counts as listed: `ticked` is the whole set, as
 * the API's `albumIds` is. A joining photo goes to `joinAt`, or where each
 * album puts new photos, and is hidden when an album it joins is unlisted or
 * private, unless `keepPublic` (album-privacy.server.ts): the answer names
 * that album. Called inside the caller's transaction, if any.
 */
export function setImageAlbums(
  imageId: number,
  ticked: number[],
  listed?: number[],
  { joinAt, keepPublic = false }: JoinOptions = {},
): HiddenBy | null {
  const current = albumIdsByImage([imageId]).get(imageId)!;
  const keep = new Set(ticked);
  const leaving = current.filter((albumId) => !keep.has(albumId) && (!listed || listed.includes(albumId)));
  const joining = ticked.filter((albumId) => !current.includes(albumId));
  assertAlbumsExist(joining);
  removeFromAlbums(imageId, leaving);
  // One at a time: each joins after (or before) what the album holds now.
  for (const albumId of joining) {
    db()
      .insert(albumImages)
      .values({ albumId, imageId, position: joiningPosition(albumId, joinAt) })
      .run();
  }
  return hideForJoinedAlbums(imageId, joining, keepPublic);
}
