/** Proofing (records 080, 081): clients' comments, the owner's activity list and the mail queue that tells them. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { images } from "./schema";
import { shareLinks, shareVisitors } from "./schema-sharing";

/** A visitor's comment on a photo of the link's album (record 080): one per visitor and photo, plain text. */
export const photoComments = sqliteTable(
  "photo_comments",
  {
    visitorId: integer("visitor_id")
      .notNull()
      .references(() => shareVisitors.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.imageId] }), index("photo_comments_image_idx").on(t.imageId)],
);

/**
 * Messages to the owner waiting for the SMTP server (app/server/notify/, record 081): written in the transaction of
 * what they tell, sent by the worker, retried with backoff until sent or `failed`.
 */
export const mailQueue = sqliteTable(
  "mail_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_queue_due_idx").on(t.status, t.nextAttemptAt)],
);

export type MailRow = typeof mailQueue.$inferSelect;

/**
 * What share links' visitors did, for the owner's activity list (record 081): a link first opened, a selection
 * sent, a comment left, a download of all. The visitor's name is copied, so the row reads the same later.
 */
export const shareActivity = sqliteTable(
  "share_activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    kind: text("kind", { enum: ["opened", "sent", "comment", "download"] }).notNull(),
    linkId: integer("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    visitorName: text("visitor_name"),
    /** The message that told the owner, when one was queued. */
    mailId: integer("mail_id").references(() => mailQueue.id, { onDelete: "set null" }),
  },
  (t) => [index("share_activity_at_idx").on(t.at, t.id)],
);
