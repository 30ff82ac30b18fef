/**
 * Who may download what: the one check every download route makes
 * (docs/decisions/038-one-access-function.md). A photo is downloaded within
 * an album the request may open, at a size its permission for that album
 * allows (`downloadPermission`: the owner the original, a share link what it
 * was made with, anyone else nothing); the owner may also download from the
 * gallery. Anything else is answered as a photo or album that does not exist.
 */
import { and, eq } from "drizzle-orm";
import { downloadPermission, type Access, type DownloadPermission } from "~/server/access/access.server";
import { albumBySlug, albumListOrder } from "~/server/albums/albums.server";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { albumImages, images, type AlbumRow, type ImageRow } from "~/server/data/schema";
import { albumOrderTerms } from "~/server/photos/images.server";

export type DownloadSize = Exclude<DownloadPermission, "none">;

const RANK: Record<DownloadPermission, number> = { none: 0, web: 1, original: 2 };

/** The size to give: the one asked for if the permission covers it, else undefined; without a wish, the permission's. */
export function allowedSize(permission: DownloadPermission, wanted?: DownloadSize): DownloadSize | undefined {
  if (permission === "none") return undefined;
  if (!wanted) return permission;
  return RANK[wanted] <= RANK[permission] ? wanted : undefined;
}

/** What `access` may download from the album (or, without one, from the gallery: the owner only). */
export function permissionIn(access: Access, album: AlbumRow | undefined): DownloadPermission {
  if (!album) return access.owner ? "original" : "none";
  return downloadPermission(access, album.id);
}

function noSuchPhoto(id: number): HttpError {
  return new HttpError(404, `There is no image with id ${id}`);
}

/** Photo `imageId` in album `slug` (or the gallery), with the size `access` may download it at; else a 404. */
export function downloadablePhoto(
  access: Access,
  slug: string | undefined,
  imageId: number,
  wanted: DownloadSize | undefined,
): { row: ImageRow; size: DownloadSize; album: AlbumRow | undefined } {
  let album: AlbumRow | undefined;
  try {
    album = slug === undefined ? undefined : albumBySlug(slug, access);
  } catch {
    throw noSuchPhoto(imageId);
  }
  const size = allowedSize(permissionIn(access, album), wanted);
  if (!size) throw noSuchPhoto(imageId);
  const inScope = album
    ? db()
        .select({ image: images })
        .from(albumImages)
        .innerJoin(images, eq(images.id, albumImages.imageId))
        .where(and(eq(albumImages.albumId, album.id), eq(images.id, imageId)))
        .get()?.image
    : db().select().from(images).where(eq(images.id, imageId)).get();
  if (!inScope) throw noSuchPhoto(imageId);
  return { row: inScope, size, album };
}

/** Album `slug`'s photos in its own order, with the size `access` may download them at; else the album's 404. */
export function downloadableAlbum(
  access: Access,
  slug: string,
  wanted: DownloadSize | undefined,
): { album: AlbumRow; rows: ImageRow[]; size: DownloadSize } {
  const album = albumBySlug(slug, access);
  const size = allowedSize(permissionIn(access, album), wanted);
  // The same answer as an album that does not exist: nothing tells a visitor there is anything to download.
  if (!size) throw new HttpError(404, `There is no album at /photography/albums/${slug}`);
  const rows = db()
    .select({ image: images })
    .from(albumImages)
    .innerJoin(images, eq(images.id, albumImages.imageId))
    .where(eq(albumImages.albumId, album.id))
    .orderBy(...albumOrderTerms(albumListOrder(album)))
    .all()
    .map((row) => row.image);
  return { album, rows, size };
}
