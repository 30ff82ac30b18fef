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
  const rows = db()
    .select({ link: shareLinks, visitor: shareVisitors, favourite: favourites, image: images })
    .from(shareVisitors)
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisitors.linkId))
    .leftJoin(favourites, eq(favourites.visitorId, shareVisitors.id))
    .leftJoin(albumImages, and(eq(albumImages.imageId, favourites.imageId), eq(albumImages.albumId, albumId)))
    .leftJoin(images, eq(images.id, albumImages.imageId))
    .where(eq(shareLinks.albumId, albumId))
    .orderBy(
      desc(shareLinks.createdAt),
      desc(shareLinks.id),
      asc(shareVisitors.id),
      asc(favourites.createdAt),
      asc(favourites.imageId),
    )
    .all();
  const comments = commentsByVisitor(albumId);
  const links: LinkFavourites[] = [];
  for (const { link, visitor, favourite, image } of rows) {
    let entry = links.at(-1);
    if (entry?.linkId !== link.id) {
      entry = { linkId: link.id, label: link.label, state: linkState(link), rule: ruleOf(link), visitors: [] };
      links.push(entry);
    }
    let person = entry.visitors.at(-1);
    if (person?.visitorId !== visitor.id) {
      person = {
        visitorId: visitor.id,
        name: visitor.name,
        photos: [],
        state: selectionState(visitor),
        sentAt: visitor.sentAt?.toISOString() ?? null,
        note: visitor.sentAt ? visitor.sentNote : null,
        reopenedAt: visitor.reopenedAt?.toISOString() ?? null,
        comments: comments.get(visitor.id) ?? [],
      };
      entry.visitors.push(person);
    }
    if (!favourite || !image) continue;
    person.photos.push({
      imageId: image.id,
      name: image.name,
      filename: image.originalFilename,
      thumbnailUrl: mediaUrl(image, image.variantWidths[0]!, "webp"),
      favouritedAt: favourite.createdAt.toISOString(),
    });
  }
  return links;
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
