/**
 * The query conditions behind `Access` (access.server.ts): which albums and
 * photos a list or a lookup may return. Undefined means no condition (the
 * owner). Literal SQL, not bound values, so that SQLite uses the partial
 * indexes over the public photos (schema.ts).
 */
import { and, eq, exists, inArray, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { albumImages, albums, images } from "~/server/data/schema";
import type { Access } from "./access.server";

export const PHOTO_VISIBILITIES = ["public", "hidden"] as const;
export type PhotoVisibility = (typeof PHOTO_VISIBILITIES)[number];
export const ALBUM_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type AlbumVisibility = (typeof ALBUM_VISIBILITIES)[number];

/** Albums the access may open by their address: public and unlisted ones, and private ones it is granted. */
export function albumOpen(access: Access): SQL | undefined {
  if (access.owner) return undefined;
  const open = sql`${albums.visibility} <> 'private'`;
  return access.albumGrants.length
    ? or(
        open,
        inArray(
          albums.id,
          access.albumGrants.map((grant) => grant.albumId),
        ),
      )
    : open;
}

/** Albums the access sees listed (the albums page, the API's list, the sitemap): only public ones but for the owner. */
export function albumListed(access: Access): SQL | undefined {
  return access.owner ? undefined : sql`${albums.visibility} = 'public'`;
}

/** Photos in the gallery, its feed, random picks and the API's whole list: public ones but for the owner. */
export function photoListed(access: Access): SQL | undefined {
  return access.owner ? undefined : sql`${images.visibility} = 'public'`;
}

/** Photos the access may see by id: the listed ones, and hidden ones in an album it may open. */
export function photoOpen(access: Access): SQL | undefined {
  if (access.owner) return undefined;
  const inOpenAlbum = db()
    .select({ one: sql`1` })
    .from(albumImages)
    .innerJoin(albums, eq(albums.id, albumImages.albumId))
    .where(and(eq(albumImages.imageId, images.id), albumOpen(access)));
  return or(photoListed(access), exists(inOpenAlbum));
}
