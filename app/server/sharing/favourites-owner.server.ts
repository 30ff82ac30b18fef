/**
 * The owner's view of an album's favourites (docs/decisions/047-favourites.md):
 * per share link, per visitor's name, the photos with their uploaded file
 * names, the selection's state and note, and the comments (record 080): all of
 * them for the API and the CSV download, the first few of each visitor's for
 * the album admin page (issue 28). One read makes both.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { albumImages, favourites, images, photoComments, shareLinks, shareVisitors } from "~/server/data/schema";
import { OWNER } from "~/server/access/access.server";
import { findAlbumRow } from "~/server/albums/albums.server";
import { mediaUrl } from "~/server/photos/image-json.server";
import {
  FIRST_COMMENTS,
  FIRST_FAVOURITES,
  lightroomNames,
  type LinkFavourites,
  type OwnerThumbnail,
  type PhotoComment,
  type VisitorFavouritesShown,
  type VisitorSelection,
} from "~/lib/favourites";
import { selectionState } from "~/lib/selection";
import { linkState } from "./share-links.server";
import { ruleOf } from "./selection-rules.server";

/** One heart: the photo's fields, made once for every heart on it, and when it was set (ms). */
interface Heart {
  photo: OwnerThumbnail;
  at: number;
}

/**
 * Every link of the album that has a named visitor, newest link first; each visitor in the order they gave their
 * name, with their favourites oldest first, as the API and the CSV take them: all of them. A visitor who marked
 * nothing yet is listed with none. Only photos still in the album count.
 */
export function favouritesByLink(albumId: number): LinkFavourites[] {
  return visitorsByLink(albumId, (visitor, hearts) => ({
    ...visitor,
    photos: hearts.map(({ photo, at }) => ({ ...photo, favouritedAt: new Date(at).toISOString() })),
  }));
}

/**
 * The same visitors as the owner's album page shows them: each one's counts, first few favourites and comments, and
 * every favourite's file name; all the favourites and comments of `openVisitorId` alone, the visitor whose "Show all"
 * was followed.
 */
export function favouritesShown(
  albumId: number,
  openVisitorId: number | null,
): LinkFavourites<VisitorFavouritesShown>[] {
  return visitorsByLink(albumId, (visitor, hearts) => {
    const open = visitor.visitorId === openVisitorId;
    const photos = hearts.map((heart) => heart.photo);
    return {
      ...visitor,
      count: photos.length,
      photos: open ? photos : photos.slice(0, FIRST_FAVOURITES),
      names: lightroomNames(photos),
      commentCount: visitor.comments.length,
      comments: open ? visitor.comments : visitor.comments.slice(0, FIRST_COMMENTS),
    };
  });
}

/** The album's links with named visitors and each visitor's selection, comments and hearts, made into `Visitor` by `shape`. */
function visitorsByLink<Visitor extends VisitorSelection>(
  albumId: number,
  shape: (visitor: VisitorSelection, hearts: Heart[]) => Visitor,
): LinkFavourites<Visitor>[] {
  findAlbumRow(albumId, OWNER);
  const people = db()
    .select({ link: shareLinks, visitor: shareVisitors })
    .from(shareVisitors)
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisitors.linkId))
    .where(eq(shareLinks.albumId, albumId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id), asc(shareVisitors.id))
    .all();
  const photos = thumbnails(albumId);
  const hearts = heartsByVisitor(albumId, photos);
  const comments = commentsByVisitor(albumId, photos);
  const links: LinkFavourites<Visitor>[] = [];
  for (const { link, visitor } of people) {
    let entry = links.at(-1);
    if (entry?.linkId !== link.id) {
      entry = { linkId: link.id, label: link.label, state: linkState(link), rule: ruleOf(link), visitors: [] };
      links.push(entry);
    }
    const selection: VisitorSelection = {
      visitorId: visitor.id,
      name: visitor.name,
      state: selectionState(visitor),
      sentAt: visitor.sentAt?.toISOString() ?? null,
      note: visitor.sentAt ? visitor.sentNote : null,
      reopenedAt: visitor.reopenedAt?.toISOString() ?? null,
      comments: comments.get(visitor.id) ?? [],
    };
    entry.visitors.push(shape(selection, hearts.get(visitor.id) ?? []));
  }
  return links;
}

/** The album's photos as the owner's lists show them, by id: read with the columns they need, not whole rows. */
function thumbnails(albumId: number): Map<number, OwnerThumbnail> {
  const rows = db()
    .select({
      id: images.id,
      name: images.name,
      filename: images.originalFilename,
      storageKey: images.storageKey,
      visibility: images.visibility,
      variantWidths: images.variantWidths,
    })
    .from(albumImages)
    .innerJoin(images, eq(images.id, albumImages.imageId))
    .where(eq(albumImages.albumId, albumId))
    .all();
  return new Map(
    rows.map((image) => [
      image.id,
      {
        imageId: image.id,
        name: image.name,
        filename: image.filename,
        thumbnailUrl: mediaUrl(image, image.variantWidths[0]!, "webp"),
      },
    ]),
  );
}

/**
 * Each visitor's hearts on the album's photos, oldest first, each photo's fields made once. One row a visitor, its
 * photo ids and times as two lists in the same order: at the cap (250 visitors of a link, a hundred hearts each) a row
 * per heart took 26 ms of CPU to read against 11 (issue 28), whole rows per heart a second a page.
 */
function heartsByVisitor(albumId: number, photos: Map<number, OwnerThumbnail>): Map<number, Heart[]> {
  const oldestFirst = sql`order by ${favourites.createdAt}, ${favourites.imageId}`;
  const rows = db()
    .select({
      visitorId: favourites.visitorId,
      imageIds: sql<string>`group_concat(${favourites.imageId}, ',' ${oldestFirst})`,
      times: sql<string>`group_concat(${favourites.createdAt}, ',' ${oldestFirst})`,
    })
    .from(favourites)
    .innerJoin(shareVisitors, eq(shareVisitors.id, favourites.visitorId))
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisitors.linkId))
    .where(eq(shareLinks.albumId, albumId))
    .groupBy(favourites.visitorId)
    .all();
  const byVisitor = new Map<number, Heart[]>();
  for (const { visitorId, imageIds, times } of rows) {
    const at = times.split(",");
    const hearts: Heart[] = [];
    imageIds.split(",").forEach((id, index) => {
      const photo = photos.get(Number(id));
      if (photo) hearts.push({ photo, at: Number(at[index]) });
    });
    byVisitor.set(visitorId, hearts);
  }
  return byVisitor;
}

/** The comments on the album's photos (only those still in it), per visitor, oldest first. */
function commentsByVisitor(albumId: number, photos: Map<number, OwnerThumbnail>): Map<number, PhotoComment[]> {
  const rows = db()
    .select({
      visitorId: photoComments.visitorId,
      imageId: photoComments.imageId,
      body: photoComments.body,
      updatedAt: photoComments.updatedAt,
    })
    .from(photoComments)
    .innerJoin(shareVisitors, eq(shareVisitors.id, photoComments.visitorId))
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisitors.linkId))
    .where(eq(shareLinks.albumId, albumId))
    .orderBy(asc(photoComments.updatedAt), asc(photoComments.imageId))
    .all();
  const byVisitor = new Map<number, PhotoComment[]>();
  for (const { visitorId, imageId, body, updatedAt } of rows) {
    const photo = photos.get(imageId);
    if (!photo) continue;
    let list = byVisitor.get(visitorId);
    if (!list) byVisitor.set(visitorId, (list = []));
    list.push({ ...photo, body, updatedAt: updatedAt.toISOString() });
  }
  return byVisitor;
}
