/**
 * An album's manual order: album_images.position, ascending, ties broken by
 * the image id. Positions are whole numbers kept GAP apart, so a move writes
 * one row (the midpoint of its new neighbours); only when two neighbours have
 * no room left is the album renumbered, in the same transaction (record 024).
 */
import { and, asc, count, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { albumImages, albums, images } from "~/server/data/schema";
import { albumOrderTerms } from "~/server/photos/images.server";
import type { ListOrder } from "~/server/photos/list-query.server";
import { albumMember, membershipOf, type AlbumMember } from "./memberships.server";

export const POSITION_GAP = 1024;

/** A manual album's list order: its positions, first to last. */
export const MANUAL_ORDER: ListOrder = { sortField: "position", sortOrder: "asc" };

/** Where one photo goes: before or after another photo of the album, or to a place in it (1 first). */
export type MoveTarget = { before: number } | { after: number } | { position: number };

/** The no-JS move forms' steps. */
export const MOVE_STEPS = ["start", "up", "down", "end"] as const;
export type MoveStep = (typeof MOVE_STEPS)[number];

const byOrder = [asc(albumImages.position), asc(albumImages.imageId)];

/** The album's photos other than `imageId`, in order, from the `offset`th; `limit` of them. */
function others(albumId: number, imageId: number, offset: number, limit: number): AlbumMember[] {
  return db()
    .select({ imageId: albumImages.imageId, position: albumImages.position })
    .from(albumImages)
    .where(and(eq(albumImages.albumId, albumId), ne(albumImages.imageId, imageId)))
    .orderBy(...byOrder)
    .limit(limit)
    .offset(offset)
    .all();
}

/** The photo next to `of` (which may be `imageId` itself) on one side, `imageId` left out. */
function nextTo(albumId: number, imageId: number, of: AlbumMember, side: "before" | "after"): AlbumMember | undefined {
  const beyond =
    side === "after"
      ? or(
          gt(albumImages.position, of.position),
          and(eq(albumImages.position, of.position), gt(albumImages.imageId, of.imageId)),
        )
      : or(
          lt(albumImages.position, of.position),
          and(eq(albumImages.position, of.position), lt(albumImages.imageId, of.imageId)),
        );
  return db()
    .select({ imageId: albumImages.imageId, position: albumImages.position })
    .from(albumImages)
    .where(and(eq(albumImages.albumId, albumId), ne(albumImages.imageId, imageId), beyond))
    .orderBy(...(side === "after" ? byOrder : [desc(albumImages.position), desc(albumImages.imageId)]))
    .limit(1)
    .get();
}

export function albumSize(albumId: number): number {
  return db().select({ n: count() }).from(albumImages).where(eq(albumImages.albumId, albumId)).get()?.n ?? 0;
}

/** Where a photo joins an album: its end or its start. */
export type JoinAt = "end" | "start";

/** The place of a photo joining the album: after its last photo or before its first, `at` or as the album's `addTo` says. */
export function joiningPosition(albumId: number, at?: JoinAt): number {
  const row = db().select({ addTo: albums.addTo }).from(albums).where(eq(albums.id, albumId)).get();
  const edge = db()
    .select({
      low: sql<number | null>`min(${albumImages.position})`,
      high: sql<number | null>`max(${albumImages.position})`,
    })
    .from(albumImages)
    .where(eq(albumImages.albumId, albumId))
    .get();
  if (edge?.low == null || edge.high == null) return 0;
  return (at ?? row?.addTo) === "start" ? edge.low - POSITION_GAP : edge.high + POSITION_GAP;
}

/**
 * Positions GAP apart, in one statement, in the album's manual order or in
 * `order` (an album switching to manual starts from the order it showed).
 */
export function renumberAlbum(albumId: number, order: ListOrder = MANUAL_ORDER): void {
  db().run(sql`
    UPDATE ${albumImages} SET position = ranked.n * ${POSITION_GAP}
    FROM (
      SELECT ${albumImages.imageId} AS image_id, row_number() OVER (ORDER BY ${sql.join(albumOrderTerms(order), sql`, `)}) AS n
      FROM ${albumImages} INNER JOIN ${images} ON ${images.id} = ${albumImages.imageId}
      WHERE ${albumImages.albumId} = ${albumId}
    ) AS ranked
    WHERE ${albumImages}.album_id = ${albumId} AND ${albumImages}.image_id = ranked.image_id`);
}

/** The two photos (either may be missing at an edge) the moved photo goes between. */
function neighboursFor(
  albumId: number,
  imageId: number,
  target: MoveTarget,
): [AlbumMember | undefined, AlbumMember | undefined] {
  if ("position" in target) {
    const index = target.position - 1;
    const pair = others(albumId, imageId, Math.max(0, index - 1), index === 0 ? 1 : 2);
    // The album's other photos end before the place: it is past the end (counted only then, for the message).
    if (index > 0 && pair.length === 0) {
      throw new HttpError(400, `position must be from 1 to ${albumSize(albumId)}, the album's size`);
    }
    return index === 0 ? [undefined, pair[0]] : [pair[0], pair[1]];
  }
  const field = "before" in target ? "before" : "after";
  const otherId = "before" in target ? target.before : target.after;
  const other = albumMember(albumId, otherId);
  if (!other) throw new HttpError(400, `${field} must be the id of a photo in the album`);
  if (otherId === imageId) throw new HttpError(400, `${field} must be another photo than imageId`);
  return field === "before"
    ? [nextTo(albumId, imageId, other, "before"), other]
    : [other, nextTo(albumId, imageId, other, "after")];
}

/** A whole number strictly between the two, or undefined when they leave no room. */
function between(lower: AlbumMember | undefined, upper: AlbumMember | undefined): number | undefined {
  if (!lower && !upper) return 0;
  if (!lower) return upper!.position - POSITION_GAP;
  if (!upper) return lower.position + POSITION_GAP;
  if (upper.position - lower.position < 2) return undefined;
  return lower.position + Math.floor((upper.position - lower.position) / 2);
}

function assertManual(albumId: number): void {
  const row = db().select({ sort: albums.sort }).from(albums).where(eq(albums.id, albumId)).get();
  if (!row) throw new HttpError(404, `There is no album with id ${albumId}`);
  if (row.sort !== "manual") {
    throw new HttpError(409, "The album is sorted by date: set its sort to manual to arrange its photos");
  }
}

/** The photo's place in the album's manual order, 1 first. */
function placeOf(albumId: number, of: AlbumMember): number {
  const before = or(
    lt(albumImages.position, of.position),
    and(eq(albumImages.position, of.position), lt(albumImages.imageId, of.imageId)),
  );
  const row = db()
    .select({ n: count() })
    .from(albumImages)
    .where(and(eq(albumImages.albumId, albumId), before))
    .get();
  return (row?.n ?? 0) + 1;
}

/**
 * Moves one photo of a manual album and answers its new place (1 first); one
 * transaction, so concurrent moves each see a whole order.
 */
export function moveImage(albumId: number, imageId: number, target: MoveTarget): number {
  return db().transaction(() => {
    assertManual(albumId);
    if (!albumMember(albumId, imageId)) {
      throw new HttpError(404, `The photo with id ${imageId} is not in the album`);
    }
    let position = between(...neighboursFor(albumId, imageId, target));
    if (position === undefined) {
      renumberAlbum(albumId);
      position = between(...neighboursFor(albumId, imageId, target))!;
    }
    db().update(albumImages).set({ position }).where(membershipOf(albumId, imageId)).run();
    // A move to a place lands there; only a move beside another photo counts its place.
    return "position" in target ? target.position : placeOf(albumId, { imageId, position });
  });
}

/** A no-JS form's step as a move: up and down pass the photo's neighbour, or leave it at the edge. */
export function moveImageStep(albumId: number, imageId: number, step: MoveStep): void {
  db().transaction(() => {
    const current = albumMember(albumId, imageId);
    if (!current) throw new HttpError(404, `The photo with id ${imageId} is not in the album`);
    const neighbour = (side: "before" | "after") => nextTo(albumId, imageId, current, side)?.imageId;
    const up = step === "up" ? neighbour("before") : undefined;
    const down = step === "down" ? neighbour("after") : undefined;
    const target: MoveTarget | undefined =
      step === "start"
        ? { position: 1 }
        : step === "end"
          ? { position: albumSize(albumId) }
          : up !== undefined
            ? { before: up }
            : down !== undefined
              ? { after: down }
              : undefined;
    if (target) moveImage(albumId, imageId, target);
  });
}
