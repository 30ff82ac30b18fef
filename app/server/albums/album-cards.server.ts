/**
 * The albums page's cards: every album with its photo count and the months
 * its photos were taken in, read in the one query that lists the albums.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { AlbumCardData, MonthRange } from "~/lib/album-card";
import { db } from "~/server/data/db.server";
import { albumImages, albums, images } from "~/server/data/schema";
import type { Access } from "~/server/access/access.server";
import { albumListed } from "~/server/access/visibility-sql.server";
import { coverRow, toAlbum } from "./albums.server";

// The camera's clock: a photo taken on 31 May at 23:30 in Tokyo belongs to May.
const cameraClock = sql`${images.takenAt} + coalesce(${images.takenOffset}, 0) * 60000`;

function month(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

function monthRange(first: number | null, last: number | null): MonthRange | null {
  return first === null || last === null ? null : { first: month(first), last: month(last) };
}

/** The album cards `access` sees listed, in the admin's order. */
export function listAlbumCards(access: Access): AlbumCardData[] {
  const rows = db()
    .select({
      album: albums,
      photos: count(albumImages.imageId),
      first: sql<number | null>`min(${cameraClock})`,
      last: sql<number | null>`max(${cameraClock})`,
    })
    .from(albums)
    .leftJoin(albumImages, eq(albumImages.albumId, albums.id))
    .leftJoin(images, eq(images.id, albumImages.imageId))
    .where(albumListed(access))
    .groupBy(albums.id)
    .orderBy(asc(albums.position), asc(albums.id))
    .all();
  return rows.map(({ album, photos, first, last }) => {
    const cover = coverRow(album);
    const focus = cover && cover.focusX !== null && cover.focusY !== null ? { x: cover.focusX, y: cover.focusY } : null;
    return {
      album: toAlbum(album, access, photos, cover),
      taken: monthRange(first, last),
      coverFocus: focus,
    };
  });
}
