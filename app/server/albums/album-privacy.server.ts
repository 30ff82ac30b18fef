/**
 * An album's privacy wins in the owner's flow (record 067): a public photo that
 * joins an unlisted or private album is hidden from public lists unless the
 * owner keeps it public, and an album's admin page hides the public photos it
 * already holds in one step. Who may see what stays `access/`'s rule; this only
 * chooses what the owner's actions write.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { HiddenBy } from "~/lib/album-privacy";
import { db } from "~/server/data/db.server";
import { albumImages, albums, images } from "~/server/data/schema";

/**
 * Hides the photo when it was public and one of the albums it just joined is
 * unlisted or private, unless `keepPublic`; answers that album (a private one
 * before an unlisted one), or null when the photo was left as it was.
 */
export function hideForJoinedAlbums(imageId: number, joined: number[], keepPublic: boolean): HiddenBy | null {
  if (keepPublic || !joined.length) return null;
  const album = db()
    .select({ name: albums.name, visibility: albums.visibility })
    .from(albums)
    .where(and(inArray(albums.id, joined), ne(albums.visibility, "public")))
    .orderBy(asc(albums.visibility))
    .get();
  // (Never public here: the check tells the type so.)
  if (!album || album.visibility === "public") return null;
  // Only a public photo changes: a hidden one stays hidden, and the message counts only what this hid.
  const hidden = db()
    .update(images)
    .set({ visibility: "hidden", updatedAt: new Date() })
    .where(and(eq(images.id, imageId), eq(images.visibility, "public")))
    .returning({ id: images.id })
    .get();
  return hidden ? { name: album.name, visibility: album.visibility } : null;
}

const memberIds = (albumId: number) =>
  db().select({ id: albumImages.imageId }).from(albumImages).where(eq(albumImages.albumId, albumId));

/** How many of the album's photos are public, and so also in the gallery, the feeds and the API's lists. */
export function publicMemberCount(albumId: number): number {
  return (
    db()
      .select({ n: sql<number>`count(*)` })
      .from(images)
      .where(and(eq(images.visibility, "public"), inArray(images.id, memberIds(albumId))))
      .get()?.n ?? 0
  );
}

/** Hides every public photo of the album, in one write; answers how many it hid. */
export function hidePublicMembers(albumId: number): number {
  return db()
    .update(images)
    .set({ visibility: "hidden", updatedAt: new Date() })
    .where(and(eq(images.visibility, "public"), inArray(images.id, memberIds(albumId))))
    .returning({ id: images.id })
    .all().length;
}
