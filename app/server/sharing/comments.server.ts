/**
 * A visitor's comments on the photos of their link's album (record 080): one
 * per photo, plain text of at most MAX_COMMENT_LENGTH characters, changed or
 * removed by its writer only (the grant says who), locked with a sent
 * selection. Pages print it as text, so React escapes it; the CSV's cells
 * are kept from reading as formulas (lib/csv.ts).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/server/data/db.server";
import { photoComments } from "~/server/data/schema";
import { HttpError } from "~/server/core/http-error.server";
import { parseInput } from "~/server/http/input.server";
import { createRateLimit } from "~/server/http/rate-limit.server";
import { refusedFor } from "~/server/auth/throttle.server";
import type { Access } from "~/server/access/access.server";
import { findAlbumRow } from "~/server/albums/albums.server";
import { inAlbum } from "~/server/albums/memberships.server";
import { recordActivity } from "~/server/notify/activity.server";
import { cleanText } from "~/lib/clean-text";
import { adminAlbumPath } from "~/lib/paths";
import { MAX_COMMENT_LENGTH } from "~/lib/selection";
import { requireGrant, requireVisitor } from "./favourites.server";
import { assertOpen } from "./selection-rules.server";
import { ownerMail } from "~/server/notify/owner-mail.server";

const commentSchema = z.object({
  comment: z
    .string({ error: "must be text" })
    .transform(cleanText)
    .pipe(z.string().max(MAX_COMMENT_LENGTH, { error: `must be at most ${MAX_COMMENT_LENGTH} characters` })),
});

export function parseComment(comment: unknown): string {
  return parseInput(commentSchema, { comment }).comment;
}

const commentsPerVisitor = createRateLimit({ max: 120, windowMs: 10 * 60 * 1000 });

/**
 * Sets the visitor's comment on a photo of the album; an empty one removes
 * it. A new comment is recorded as activity (an edit is not).
 */
export function setComment(access: Access, albumId: number, imageId: number, raw: unknown, origin: string): void {
  const album = findAlbumRow(albumId, access);
  const grant = requireGrant(access, albumId);
  const body = parseComment(raw);
  db().transaction((tx) => {
    if (!inAlbum(albumId, imageId, tx)) throw new HttpError(404, "Photo not found.");
    const visitor = requireVisitor(grant);
    assertOpen(visitor);
    const wait = commentsPerVisitor.take(String(visitor.id));
    if (wait > 0) throw refusedFor(wait, "That was a lot at once.");
    const mine = and(eq(photoComments.visitorId, visitor.id), eq(photoComments.imageId, imageId));
    if (!body) {
      tx.delete(photoComments).where(mine).run();
      return;
    }
    const existed = tx.select({ body: photoComments.body }).from(photoComments).where(mine).get();
    const now = new Date();
    tx.insert(photoComments)
      .values({ visitorId: visitor.id, imageId, body, updatedAt: now })
      .onConflictDoUpdate({ target: [photoComments.visitorId, photoComments.imageId], set: { body, updatedAt: now } })
      .run();
    if (existed) return;
    recordActivity(
      {
        kind: "comment",
        linkId: grant.linkId,
        visitorId: visitor.id,
        mail: () =>
          ownerMail({
            subject: `${visitor.name} left a comment: ${album.name}`,
            lines: [`${visitor.name} left a comment on a photo of ${album.name}:`],
            quote: body,
            adminUrl: new URL(adminAlbumPath(album.slug), origin).toString(),
          }),
      },
      now,
    );
  });
}
