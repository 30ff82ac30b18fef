/** An album's share links, the visitors who name themselves on them, and their favourites (records 040, 047). */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Watermark } from "~/lib/watermark";
import { albums, images } from "./schema";

/**
 * An album's share links (app/server/sharing/, record 040): `/s/<token>`
 * grants its album to whoever opens it. Only the token's SHA-256 is kept.
 */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    /** Who the link is for (the client's name), for the owner's list. */
    label: text("label").notNull(),
    /** SHA-256 of the link's token, base64url. */
    tokenHash: text("token_hash").notNull().unique(),
    /**
     * The token encrypted with DATA_DIR's key (core/token-seal.server.ts), so
     * the owner can copy a live link again; null for links made before it.
     */
    tokenSealed: text("token_sealed"),
    /** bcrypt hash of the link's password, when it has one. */
    passwordHash: text("password_hash"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    download: text("download", { enum: ["none", "web", "original"] })
      .notNull()
      .default("none"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    viewCount: integer("view_count").notNull().default(0),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    /** How many photos its visitors are asked to choose (record 080); null: as many as they like. */
    chooseCount: integer("choose_count"),
    /** Whether `chooseCount` is a ceiling or the exact number a selection is sent with. */
    chooseExactly: integer("choose_exactly", { mode: "boolean" }).notNull().default(false),
    /** A client view: the link's pages leave out the portfolio's header and links (record 087). */
    clientView: integer("client_view", { mode: "boolean" }).notNull().default(false),
    /** The mark drawn on every image its visitors see (record 088); null: none. */
    watermark: text("watermark", { mode: "json" }).$type<Watermark>(),
  },
  (t) => [index("share_links_album_idx").on(t.albumId, t.createdAt)],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;

/**
 * The people who gave their name on a share link to mark favourites (record
 * 047): one person in one browser, named by the grant cookie's entry for the
 * link, never by a form field.
 */
export const shareVisitors = sqliteTable(
  "share_visitors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    linkId: integer("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** When the visitor sent their selection (record 080): their hearts and comments are locked until it is null again. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** The note sent with the selection, plain text. */
    sentNote: text("sent_note"),
    /** When the owner last reopened a sent selection. */
    reopenedAt: integer("reopened_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("share_visitors_link_idx").on(t.linkId)],
);

/** A visitor's favourite photos (proofing): one row per visitor and photo. */
export const favourites = sqliteTable(
  "favourites",
  {
    visitorId: integer("visitor_id")
      .notNull()
      .references(() => shareVisitors.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.imageId] }), index("favourites_image_idx").on(t.imageId)],
);

/**
 * A watermarked image made for a link (record 088): one per link, photo, mark
 * and width, made on first request and stored under a key of its own. Deleting
 * a row (a changed mark, an ended link, a deleted photo or link) journals its key
 * for removal, by a trigger (migration 0026), so its file leaves the store too.
 */
export const proofVariants = sqliteTable(
  "proof_variants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    linkId: integer("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    /** The mark's fingerprint (access.server.ts), also in the image's address. */
    stamp: text("stamp").notNull(),
    width: integer("width").notNull(),
    /** The logo's storage key a logo mark was drawn with: a new logo makes it again. */
    logoKey: text("logo_key"),
    storageKey: text("storage_key").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("proof_variants_made_idx").on(t.linkId, t.imageId, t.stamp, t.width)],
);

export type ProofVariantRow = typeof proofVariants.$inferSelect;
