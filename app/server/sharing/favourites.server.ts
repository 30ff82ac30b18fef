/**
 * Favourites (proofing) for a share link's visitor (docs/decisions/047-favourites.md):
 * a visitor gives a name once, kept as a row whose id the grant cookie
 * carries, then marks photos of the link's album. Who the visitor is comes
 * from the signed grant only, never from a form field, so a visitor sees and
 * changes only their own favourites; a revoked or expired link's grant is
 * gone (grant-cookie.server.ts), and its visitor with it.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/server/data/db.server";
import { albumImages, favourites, shareLinks, shareVisitors } from "~/server/data/schema";
import { HttpError } from "~/server/core/http-error.server";
import { parseInput } from "~/server/http/input.server";
import { createRateLimit } from "~/server/http/rate-limit.server";
import { refusedFor } from "~/server/auth/throttle.server";
import { findAlbumRow } from "~/server/albums/albums.server";
import { inAlbum } from "~/server/albums/memberships.server";
import type { Access, AlbumGrant } from "~/server/access/access.server";
import { cleanLine } from "~/lib/clean-text";
import { LINK_FULL, MAX_VISITOR_NAME_LENGTH, MAX_VISITORS_PER_LINK, type VisitorFavourites } from "~/lib/favourites";
import { heartRefusal, type SelectionRule } from "~/lib/selection";
import { assertOpen, ruleOf } from "./selection-rules.server";

export const NAME_FIRST = "Give your name first, so the photographer knows whose favourites these are.";
export const VISITORS_ONLY = "Favourites are marked by the people a share link was sent to.";
const PHOTO_NOT_FOUND = "Photo not found.";

const visitorName = z.object({
  name: z
    .string({ error: "must be a string" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, { error: "must not be empty" })
        .max(MAX_VISITOR_NAME_LENGTH, { error: `must be at most ${MAX_VISITOR_NAME_LENGTH} characters` }),
    ),
});

export function parseVisitorName(name: unknown): string {
  return parseInput(visitorName, { name }).name;
}

/**
 * The grant through which `access` holds album `albumId`, if a share link
 * opened it in this browser; of two links to the same album, the one its
 * holder gave a name on.
 */
export function grantFor(access: Access, albumId: number): AlbumGrant | undefined {
  if (access.owner) return undefined;
  const grants = access.albumGrants.filter((grant) => grant.albumId === albumId);
  return grants.find((grant) => grant.visitorId !== undefined) ?? grants[0];
}

/**
 * The grant to mark favourites with: a 404 where the album is not open to
 * `access` at all (as everywhere), a 403 where it is open without a link (the
 * owner, or anyone on a public album).
 */
export function requireGrant(access: Access, albumId: number): AlbumGrant {
  const grant = grantFor(access, albumId);
  if (grant) return grant;
  findAlbumRow(albumId, access);
  throw new HttpError(403, VISITORS_ONLY);
}

/** A named visitor, with their selection's state and their link's rule (record 080). */
export interface Visitor {
  id: number;
  name: string;
  linkId: number;
  sentAt: Date | null;
  reopenedAt: Date | null;
  rule: SelectionRule | null;
}

/** The grant's visitor, if it gave a name on this very link (a visitor id of another link's is ignored). */
export function visitorOf(grant: AlbumGrant): Visitor | undefined {
  if (!grant.visitorId) return undefined;
  const row = db()
    .select({ visitor: shareVisitors, chooseCount: shareLinks.chooseCount, chooseExactly: shareLinks.chooseExactly })
    .from(shareVisitors)
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisitors.linkId))
    .where(and(eq(shareVisitors.id, grant.visitorId), eq(shareVisitors.linkId, grant.linkId)))
    .get();
  if (!row) return undefined;
  const { id, name, linkId, sentAt, reopenedAt } = row.visitor;
  return { id, name, linkId, sentAt, reopenedAt, rule: ruleOf(row) };
}

/** The grant's visitor, or 409 until they gave a name. */
export function requireVisitor(grant: AlbumGrant): Visitor {
  const visitor = visitorOf(grant);
  if (!visitor) throw new HttpError(409, NAME_FIRST, { needsName: true });
  return visitor;
}

/** Names given from one address, and hearts set or taken by one visitor: what a person does, not a script. */
const namesPerClient = createRateLimit({ max: 20, windowMs: 60 * 60 * 1000 });
const heartsPerVisitor = createRateLimit({ max: 600, windowMs: 10 * 60 * 1000 });

/**
 * Names the grant's visitor (a new visitor, or a new name for the same one),
 * asked from `clientIp`: its id, for the grant cookie, and the name kept.
 */
export function nameVisitor(grant: AlbumGrant, name: string, clientIp: string): { id: number; name: string } {
  const cleaned = parseVisitorName(name);
  const wait = namesPerClient.take(clientIp);
  if (wait > 0) throw refusedFor(wait, "That was a lot at once.");
  return db().transaction((tx) => {
    const known = visitorOf(grant);
    if (known) {
      tx.update(shareVisitors).set({ name: cleaned }).where(eq(shareVisitors.id, known.id)).run();
      return { id: known.id, name: cleaned };
    }
    const visitors = tx.select({ n: count() }).from(shareVisitors).where(eq(shareVisitors.linkId, grant.linkId)).get()!;
    if (visitors.n >= MAX_VISITORS_PER_LINK) throw new HttpError(409, LINK_FULL);
    return tx
      .insert(shareVisitors)
      .values({ linkId: grant.linkId, name: cleaned, createdAt: new Date() })
      .returning({ id: shareVisitors.id, name: shareVisitors.name })
      .get();
  });
}

/**
 * Marks (`on`) or unmarks a photo of the album as the visitor's favourite:
 * 404 unless the photo is in the album the grant opens, 409 until the
 * visitor gave a name. Marking twice keeps the first time.
 */
export function setFavourite(
  access: Access,
  albumId: number,
  imageId: number,
  on: boolean,
): { imageId: number; favourite: boolean; count: number } {
  const grant = requireGrant(access, albumId);
  return db().transaction((tx) => {
    if (!inAlbum(albumId, imageId, tx)) throw new HttpError(404, PHOTO_NOT_FOUND);
    const visitor = requireVisitor(grant);
    assertOpen(visitor);
    const wait = heartsPerVisitor.take(String(visitor.id));
    if (wait > 0) throw refusedFor(wait, "That was a lot at once.");
    if (on) {
      const held = favouritesOf(visitor, albumId);
      const refused = held.some((favourite) => favourite.imageId === imageId)
        ? null
        : heartRefusal(held.length, visitor.rule);
      if (refused) throw new HttpError(409, refused, { refusal: "limit", limit: visitor.rule!.count });
      tx.insert(favourites)
        .values({ visitorId: visitor.id, imageId, createdAt: new Date() })
        .onConflictDoNothing()
        .run();
    } else {
      tx.delete(favourites)
        .where(and(eq(favourites.visitorId, visitor.id), eq(favourites.imageId, imageId)))
        .run();
    }
    // At most one row per photo of the album: counting the list keeps its join written once.
    return { imageId, favourite: on, count: favouritesOf(visitor, albumId).length };
  });
}

/** A visitor's favourites among the album's photos (one taken out of the album no longer counts), oldest first. */
export function favouritesOf(visitor: { id: number }, albumId: number): { imageId: number; favouritedAt: Date }[] {
  return db()
    .select({ imageId: favourites.imageId, favouritedAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(albumImages, and(eq(albumImages.imageId, favourites.imageId), eq(albumImages.albumId, albumId)))
    .where(eq(favourites.visitorId, visitor.id))
    .orderBy(asc(favourites.createdAt), asc(favourites.imageId))
    .all();
}

/** What the album page shows a link's visitor: their name and favourites; null without a link (no hearts). */
export function visitorFavourites(access: Access, albumId: number): VisitorFavourites | null {
  const grant = grantFor(access, albumId);
  if (!grant) return null;
  const visitor = visitorOf(grant);
  if (!visitor) return { name: null, imageIds: [] };
  return { name: visitor.name, imageIds: favouritesOf(visitor, albumId).map((favourite) => favourite.imageId) };
}
