/**
 * A visitor's selection (record 080): sending their favourites with a note,
 * which locks them, the owner reopening it, and the selection as the
 * client's album page shows it. A sent selection is recorded as activity and
 * told to the owner by email through the queue (app/server/notify/).
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/server/data/db.server";
import { photoComments, shareLinks, shareVisitors } from "~/server/data/schema";
import { HttpError } from "~/server/core/http-error.server";
import { parseInput } from "~/server/http/input.server";
import type { Access } from "~/server/access/access.server";
import { OWNER } from "~/server/access/access.server";
import { findAlbumRow } from "~/server/albums/albums.server";
import { recordActivity } from "~/server/notify/activity.server";
import { cleanText } from "~/lib/clean-text";
import { adminAlbumPath } from "~/lib/paths";
import {
  heartRefusal,
  MAX_COMMENT_LENGTH,
  MAX_NOTE_LENGTH,
  photoCountText,
  selectionState,
  sendRefusal,
  type PageSelection,
  type SelectionRefusal,
} from "~/lib/selection";
import { favouritesOf, grantFor, requireGrant, requireVisitor, visitorOf } from "./favourites.server";
import { assertOpen, lockedText, ruleOf } from "./selection-rules.server";
import { ownerTimeZone } from "./share-time-zone.server";
import { ownerMail } from "~/server/notify/owner-mail.server";
import { formatInZone } from "~/lib/time-zone";

const noteSchema = z.object({
  note: z
    .string({ error: "must be text" })
    .optional()
    .transform((note) => cleanText(note ?? ""))
    .pipe(z.string().max(MAX_NOTE_LENGTH, { error: `must be at most ${MAX_NOTE_LENGTH} characters` })),
});

export function parseNote(note: unknown): string {
  return parseInput(noteSchema, { note }).note;
}

/**
 * Sends the visitor's favourites with `note`: refused while already sent, and
 * unless the count fits the link's rule. `origin` makes the owner's link absolute.
 */
export function sendSelection(access: Access, albumId: number, note: string, origin: string): { sentAt: Date } {
  const album = findAlbumRow(albumId, access);
  const grant = requireGrant(access, albumId);
  const cleaned = parseNote(note);
  return db().transaction(() => {
    const visitor = requireVisitor(grant);
    assertOpen(visitor);
    const count = favouritesOf(visitor, albumId).length;
    const refused = sendRefusal(count, visitor.rule);
    if (refused) throw new HttpError(409, refused, { refusal: "count", count });
    const sentAt = new Date();
    db()
      .update(shareVisitors)
      .set({ sentAt, sentNote: cleaned || null })
      .where(eq(shareVisitors.id, visitor.id))
      .run();
    const link = db()
      .select({ label: shareLinks.label })
      .from(shareLinks)
      .where(eq(shareLinks.id, grant.linkId))
      .get()!;
    recordActivity(
      {
        kind: "sent",
        linkId: grant.linkId,
        visitorId: visitor.id,
        mail: () =>
          ownerMail({
            subject: `${visitor.name} sent their selection: ${album.name}`,
            lines: [
              `${visitor.name} sent ${photoCountText(count)} from ${album.name} (the link for ${link.label}) on ${formatInZone(sentAt, ownerTimeZone().zone)}.`,
              ...(cleaned ? [`Their note:`] : []),
            ],
            quote: cleaned,
            adminUrl: new URL(adminAlbumPath(album.slug), origin).toString(),
          }),
      },
      sentAt,
    );
    return { sentAt };
  });
}

/** The owner reopens a sent selection: the visitor's hearts and comments can change again. */
export function reopenSelection(albumId: number, visitorId: number): void {
  findAlbumRow(albumId, OWNER);
  const links = db().select({ id: shareLinks.id }).from(shareLinks).where(eq(shareLinks.albumId, albumId));
  const changed = db()
    .update(shareVisitors)
    .set({ sentAt: null, reopenedAt: new Date() })
    .where(and(eq(shareVisitors.id, visitorId), inArray(shareVisitors.linkId, links)))
    .run();
  if (changed.changes === 0) throw new HttpError(404, "Visitor not found.");
}

/** What the client's album page shows of their selection; null without a link. */
export function pageSelection(access: Access, albumId: number): PageSelection | null {
  const grant = grantFor(access, albumId);
  if (!grant) return null;
  const visitor = visitorOf(grant);
  const rule = visitor?.rule ?? ruleOfLink(grant.linkId);
  const comments = visitor
    ? Object.fromEntries(
        db()
          .select({ imageId: photoComments.imageId, body: photoComments.body })
          .from(photoComments)
          .where(eq(photoComments.visitorId, visitor.id))
          .all()
          .map((comment) => [comment.imageId, comment.body]),
      )
    : {};
  return {
    rule,
    state: visitor ? selectionState(visitor) : "choosing",
    sentAt: visitor?.sentAt?.toISOString() ?? null,
    zone: ownerTimeZone().zone,
    comments,
  };
}

function ruleOfLink(linkId: number) {
  const link = db()
    .select({ chooseCount: shareLinks.chooseCount, chooseExactly: shareLinks.chooseExactly })
    .from(shareLinks)
    .where(eq(shareLinks.id, linkId))
    .get();
  return link ? ruleOf(link) : null;
}

/** The sentence for a refusal's code, made from the visitor's selection as it is now. */
export function refusalText(code: SelectionRefusal, selection: PageSelection, count: number): string {
  switch (code) {
    case "limit":
      return heartRefusal(count, selection.rule) ?? "That photo was not marked: try again.";
    case "count":
      return sendRefusal(count, selection.rule) ?? "Your selection was not sent: try again.";
    case "locked":
      return selection.sentAt ? lockedText(new Date(selection.sentAt)) : "Your selection was reopened: try again.";
    case "note":
      return `Your note must be at most ${MAX_NOTE_LENGTH} characters.`;
    case "comment":
      return `A comment must be at most ${MAX_COMMENT_LENGTH} characters.`;
    case "busy":
      return "That was a lot at once. Try again in a few minutes.";
  }
}
