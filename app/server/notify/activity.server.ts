/**
 * What share links' visitors did, for the owner (record 081): each event a
 * row of `share_activity` (the activity list), and, with SMTP settings, a
 * message queued to the owner: always for a sent selection, for the rest when
 * the owner asked for them (`notify.emailAll`).
 */
import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/server/data/db.server";
import { albums, mailQueue, shareActivity, shareLinks, shareVisitors } from "~/server/data/schema";
import { defineSetting } from "~/server/data/settings.server";
import { enqueueMail, type Mail } from "./mail-queue.server";
import { wakeMailWorker } from "./mail-worker.server";
import type { ActivityEntry, ActivityKind } from "~/lib/activity";

/** Whether the owner is told by email of every event, not only of a sent selection. */
export const emailAllSetting = defineSetting("notify.emailAll", z.boolean(), false);

export interface ActivityEvent {
  kind: ActivityKind;
  linkId: number;
  /** The visitor who did it, when they gave a name on the link. */
  visitorId?: number | undefined;
  /** The message telling the owner, made only when one is queued. */
  mail?: () => Mail;
}

function visitorName(linkId: number, visitorId: number | undefined): string | null {
  if (visitorId === undefined) return null;
  const visitor = db()
    .select({ name: shareVisitors.name, linkId: shareVisitors.linkId })
    .from(shareVisitors)
    .where(eq(shareVisitors.id, visitorId))
    .get();
  return visitor?.linkId === linkId ? visitor.name : null;
}

/** Records the event, with its message queued in the same transaction; the worker sends it after the request. */
export function recordActivity(event: ActivityEvent, now = new Date()): void {
  const tell = event.mail && (event.kind === "sent" || emailAllSetting.read());
  const queued = db().transaction(() => {
    const mailId = tell ? enqueueMail(event.mail!(), now) : null;
    db()
      .insert(shareActivity)
      .values({
        at: now,
        kind: event.kind,
        linkId: event.linkId,
        visitorName: visitorName(event.linkId, event.visitorId),
        mailId,
      })
      .run();
    return mailId !== null;
  });
  if (queued) wakeMailWorker();
}

export const ACTIVITY_PAGE_SIZE = 50;

/** The activity, newest first, `page` (from 1) of pages of ACTIVITY_PAGE_SIZE, and how many pages there are. */
export function listActivity(page: number): { entries: ActivityEntry[]; pages: number } {
  const total = db().select({ n: count() }).from(shareActivity).get()!.n;
  const rows = db()
    .select({ activity: shareActivity, link: shareLinks, album: albums, mail: mailQueue })
    .from(shareActivity)
    .innerJoin(shareLinks, eq(shareLinks.id, shareActivity.linkId))
    .innerJoin(albums, eq(albums.id, shareLinks.albumId))
    .leftJoin(mailQueue, eq(mailQueue.id, shareActivity.mailId))
    .orderBy(desc(shareActivity.at), desc(shareActivity.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
    .all();
  const entries = rows.map(({ activity, link, album, mail }) => ({
    id: activity.id,
    at: activity.at.toISOString(),
    kind: activity.kind,
    linkLabel: link.label,
    albumName: album.name,
    albumSlug: album.slug,
    visitorName: activity.visitorName,
    mail: mail ? { status: mail.status, attempts: mail.attempts, lastError: mail.lastError } : null,
  }));
  return { entries, pages: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)) };
}
