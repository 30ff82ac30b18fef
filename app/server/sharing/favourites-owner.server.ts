/**
 * The owner's view of an album's favourites (docs/decisions/047-favourites.md):
 * per share link, per visitor's name, the photos with their uploaded file
 * names, the selection's state and note, and the comments (record 080), for
 * the album admin page, the API and the CSV download.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { albumImages, favourites, images, photoComments, shareLinks, shareVisitors } from "~/server/data/schema";
import { OWNER } from "~/server/access/access.server";
import { findAlbumRow } from "~/server/albums/albums.server";
import { mediaUrl } from "~/server/photos/image-json.server";
import type { LinkFavourites, PhotoComment } from "~/lib/favourites";
import { selectionState } from "~/lib/selection";
import { linkState } from "./share-links.server";
import { ruleOf } from "./selection-rules.server";

/**
 * Every link of the album that has a named visitor, newest link first; each
 * visitor in the order they gave their name, with their favourites oldest
 * first. A visitor who marked nothing yet is listed with none. Only photos
 * still in the album count.
 */
export function favouritesByLink(albumId: number): LinkFavourites[] {
  findAlbumRow(albumId, OWNER);
  const people = db()
    .select({ link: shareLinks, visitor: shareVisitors })
    .from(shareVisitors)
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisitors.linkId))
    .where(eq(shareLinks.albumId, albumId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id), asc(shareVisitors.id))
    .all();
  const hearts = heartsByVisitor(albumId);
  const comments = commentsByVisitor(albumId);
  const links: LinkFavourites[] = [];
  for (const { link, visitor } of people) {
    let entry = links.at(-1);
    if (entry?.linkId !== link.id) {
      entry = { linkId: link.id, label: link.label, state: linkState(link), rule: ruleOf(link), visitors: [] };
      links.push(entry);
    }
    entry.visitors.push({
      visitorId: visitor.id,
      name: visitor.name,
      photos: hearts.get(visitor.id) ?? [],
      state: selectionState(visitor),
      sentAt: visitor.sentAt?.toISOString() ?? null,
      note: visitor.sentAt ? visitor.sentNote : null,
      reopenedAt: visitor.reopenedAt?.toISOString() ?? null,
      comments: comments.get(visitor.id) ?? [],
    });
  }
  return links;
}

/**
 * Each visitor's favourites among the album's photos, oldest first. Read as ids and times, each photo's fields made
 * once: at the cap (250 visitors of a link, a hundred hearts each) whole rows per heart took a second a page.
 */
function heartsByVisitor(albumId: number): Map<number, LinkFavourites["visitors"][number]["photos"]> {
  const photos = new Map(
    db()
      .select({ image: images })
      .from(albumImages)
      .innerJoin(images, eq(images.id, albumImages.imageId))
      .where(eq(albumImages.albumId, albumId))
      .all()
      .map(({ image }) => [
        image.id,
        {
          imageId: image.id,
          name: image.name,
          filename: image.originalFilename,
          thumbnailUrl: mediaUrl(image, image.variantWidths[0]!, "webp"),
        },
      ]),
  );
  const rows = db()
    .select({ visitorId: favourites.visitorId, imageId: favourites.imageId, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(shareVisitors, eq(shareVisitors.id, favourites.visitorId))
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisitors.linkId))
    .where(eq(shareLinks.albumId, albumId))
    .orderBy(asc(favourites.visitorId), asc(favourites.createdAt), asc(favourites.imageId))
    .all();
  const byVisitor = new Map<number, LinkFavourites["visitors"][number]["photos"]>();
  for (const { visitorId, imageId, createdAt } of rows) {
    const photo = photos.get(imageId);
    if (!photo) continue;
    let list = byVisitor.get(visitorId);
    if (!list) byVisitor.set(visitorId, (list = []));
    list.push({ ...photo, favouritedAt: createdAt.toISOString() });
  }
  return byVisitor;
}

/** The comments on the album's photos (only those still in it), per visitor, oldest first. */
function commentsByVisitor(albumId: number): Map<number, PhotoComment[]> {
  const rows = db()
    .select({ comment: photoComments, image: images })
    .from(photoComments)
    .innerJoin(albumImages, and(eq(albumImages.imageId, photoComments.imageId), eq(albumImages.albumId, albumId)))
    .innerJoin(images, eq(images.id, photoComments.imageId))
    .orderBy(asc(photoComments.updatedAt), asc(photoComments.imageId))
    .all();
  const byVisitor = new Map<number, PhotoComment[]>();
  for (const { comment, image } of rows) {
    const list = byVisitor.get(comment.visitorId) ?? [];
    list.push({
      imageId: image.id,
      name: image.name,
      filename: image.originalFilename,
      thumbnailUrl: mediaUrl(image, image.variantWidths[0]!, "webp"),
      body: comment.body,
      updatedAt: comment.updatedAt.toISOString(),
    });
    byVisitor.set(comment.visitorId, list);
  }
  return byVisitor;
}
