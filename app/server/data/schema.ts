import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, type IndexColumn } from "drizzle-orm/sqlite-core";

/**
 * The database's tables: photos, albums and the storage journal here, the
 * site's content and share links below; the owner's sign-in in schema-auth.ts
 * and proofing's comments, activity and mail queue in schema-proofing.ts,
 * re-exported so that this one module is the whole schema (drizzle.config.ts).
 */
export * from "./schema-auth";
export * from "./schema-proofing";
export * from "./schema-sharing";

/** Partial indexes over the public photos, one per list order. */
function publicOnly(orders: [string, [IndexColumn, ...IndexColumn[]]][]) {
  return orders.map(([name, columns]) => index(name).on(...columns).where(sql`visibility = 'public'`));
}

/** The keys of the newest-taken-first order, undated last, as sortKeys("taken_at", "desc") writes them. */
function takenNewestFirst(t: { takenAt: IndexColumn; id: IndexColumn }): [IndexColumn, ...IndexColumn[]] {
  return [sql`(${t.takenAt} IS NULL)`, sql`coalesce(${t.takenAt}, 0) desc`, sql`${t.id} desc`];
}

export const images = sqliteTable(
  "images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    originalFilename: text("original_filename").notNull(),
    /** Random folder name under UPLOADS_DIR/images; never derived from user input. */
    storageKey: text("storage_key").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    /** Byte size of the file as uploaded. */
    size: integer("size").notNull(),
    /** Bytes on disk for the original and all its variants. */
    storedBytes: integer("stored_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Widths of the generated WebP variants, ascending, as JSON. */
    variantWidths: text("variant_widths", { mode: "json" }).$type<number[]>().notNull(),
    /** Widths that also have an AVIF variant. */
    avifWidths: text("avif_widths", { mode: "json" }).$type<number[]>().notNull(),
    /** Which widths and encodings made the variants (`VARIANT_SET` in image-processing.server.ts; record 045). */
    variantSet: integer("variant_set").notNull().default(1),
    checksum: text("checksum").notNull().unique(),
    /** Tiny blurred WebP as a data URL, shown until the real image loads. */
    placeholder: text("placeholder").notNull(),
    uploadedAt: integer("uploaded_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    // Camera details read from the upload's EXIF (exif.server.ts); GPS never.
    cameraMake: text("camera_make"),
    cameraModel: text("camera_model"),
    lens: text("lens"),
    /** Millimetres. */
    focalLength: real("focal_length"),
    /** The f-number. */
    aperture: real("aperture"),
    /** Seconds. */
    exposureTime: real("exposure_time"),
    iso: integer("iso"),
    /** When the photo was taken (DateTimeOriginal, as UTC when the camera wrote no offset). */
    takenAt: integer("taken_at", { mode: "timestamp_ms" }),
    /** The camera's UTC offset in minutes (OffsetTimeOriginal), to show the date its clock read. */
    takenOffset: integer("taken_offset"),
    /**
     * Where sharp's attention strategy finds the subject, as fractions of the
     * width and height (0–1): crops such as album covers keep it in frame.
     * Null for photos processed before it was found (they crop at the centre).
     */
    focusX: real("focus_x"),
    focusY: real("focus_y"),
    /** `hidden`: only in the albums that hold it, to whoever may see them (access.server.ts). */
    visibility: text("visibility", { enum: ["public", "hidden"] })
      .notNull()
      .default("public"),
    /** Pinned to the top of the gallery's "featured first" order, ascending; gapped like album positions (record 039). */
    featuredPosition: integer("featured_position"),
  },
  (t) => [
    index("images_uploaded_at_idx").on(t.uploadedAt, t.id),
    index("images_name_idx").on(t.name, t.id),
    index("images_size_idx").on(t.size, t.id),
    index("images_featured_idx").on(sql`(${t.featuredPosition} IS NULL)`, t.featuredPosition, t.uploadedAt, t.id),
    // The taken_at sort puts photos without a date last in both orders (sort-keys.server.ts); this index is its
    // newest-first order key for key, so a broad search walks it with no sort (record 076).
    index("images_taken_at_idx").on(...takenNewestFirst(t)),
    // The camera and lens pages (record 078): one camera's (lens's) photos a visitor sees, by date taken, from the
    // index alone; the distinct cameras and lenses too.
    index("images_camera_idx").on(
      t.cameraMake,
      t.cameraModel,
      t.visibility,
      sql`(${t.takenAt} IS NULL)`,
      t.takenAt,
      t.id,
    ),
    index("images_lens_idx").on(t.lens, t.visibility, sql`(${t.takenAt} IS NULL)`, t.takenAt, t.id),
    // The visitor's gallery lists public photos only: the same orders, kept as fast (access.server.ts).
    ...publicOnly([
      ["public_images_uploaded_at_idx", [t.uploadedAt, t.id]],
      ["public_images_name_idx", [t.name, t.id]],
      ["public_images_size_idx", [t.size, t.id]],
      ["public_images_taken_at_idx", takenNewestFirst(t)],
      ["public_images_featured_idx", [sql`(${t.featuredPosition} IS NULL)`, t.featuredPosition, t.uploadedAt, t.id]],
    ]),
  ],
);

/** Albums group photos; a photo may be in any number of them, and deleting an album keeps its photos. */
export const albums = sqliteTable("albums", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The album's URL name (`/photography/albums/<slug>`), made from its name unless given. */
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** The photo shown for the album; when unset (or deleted), its newest photo. */
  coverId: integer("cover_id").references(() => images.id, { onDelete: "set null" }),
  /** The admin's order of the albums, 1 first. */
  position: integer("position").notNull(),
  /** How the album lists its photos: the owner's order (album_images.position) or by a date (record 024). */
  sort: text("sort", { enum: ["manual", "uploaded_at", "taken_at"] })
    .notNull()
    .default("manual"),
  /** For a date sort: newest first (desc) or oldest first (asc). */
  sortOrder: text("sort_order", { enum: ["desc", "asc"] })
    .notNull()
    .default("desc"),
  /** Where a photo added to the album goes in its manual order. */
  addTo: text("add_to", { enum: ["end", "start"] })
    .notNull()
    .default("end"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  /** `unlisted`: anyone with its address, never listed; `private`: the owner only (access.server.ts). */
  visibility: text("visibility", { enum: ["public", "unlisted", "private"] })
    .notNull()
    .default("public"),
});

export const albumImages = sqliteTable(
  "album_images",
  {
    albumId: integer("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    /** The photo's place in the album's manual order, ascending, in gaps so one move is one write (album-order.server.ts). */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.albumId, t.imageId] }),
    index("album_images_image_idx").on(t.imageId),
    index("album_images_position_idx").on(t.albumId, t.position, t.imageId),
  ],
);

/** Tags of photos (record 075): one per slug, so "Malmö" and "malmo" are one tag, named as first written. */
export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** `/photography/tags/<slug>` (tagSlug in app/lib/tags.ts). */
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
});

export const imageTags = sqliteTable(
  "image_tags",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    /** The keyword's path in the photo tool ("People|Anna" for the tag Anna), kept for search; the name when flat. */
    path: text("path").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.tagId] }), index("image_tags_tag_idx").on(t.tagId, t.imageId)],
);

/**
 * Storage keys whose objects may exist without a row: an upload being stored,
 * or a deleted photo's files not yet removed. Written before the objects (or
 * with the row's delete) and cleared once they are in place with their row,
 * or gone; whatever is left after a crash or a storage outage is removed by
 * the sweep (storage-sweep.server.ts).
 */
export const pendingObjects = sqliteTable("pending_objects", {
  storageKey: text("storage_key").primaryKey(),
  since: integer("since", { mode: "timestamp_ms" }).notNull(),
  /** The process storing the key's objects (process-locks.server.ts); null once it is the sweep's. */
  writer: text("writer"),
});

export type ImageRow = typeof images.$inferSelect;

export type AlbumRow = typeof albums.$inferSelect;

/**
 * The site's own settings that the owner edits in the admin, one row per key;
 * the value is JSON that `defineSetting` (app/server/data/settings.server.ts)
 * checks with its zod schema on every read and write.
 */
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
});

/** What a project card shows above its text: a still, or a short looping video with its still as poster. */
export interface ProjectMedia {
  kind: "image" | "video";
  /** The storage key (`project-<hex>`) of the still's variants and, for a video, the video file. */
  key: string;
  /** The still's size (16:9, cropped by the pipeline). */
  width: number;
  height: number;
  /** Widths of the still's WebP variants, ascending. */
  widths: number[];
  /** The video file's container, for a video. */
  video?: "mp4" | "webm";
}

/** The project cards of the home page (app/server/projects/). */
export const projects = sqliteTable("projects", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
  /** The demo or live site: an http(s) URL or a path in this site. */
  demoUrl: text("demo_url").notNull(),
  /** The source code, when public. */
  codeUrl: text("code_url"),
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  /** The home page's order, ascending, in gaps so one move is one write. */
  position: integer("position").notNull(),
  media: text("media", { mode: "json" }).$type<ProjectMedia>(),
  /** Describes the media for people who cannot see it (the image's alt, the video's label). */
  mediaAlt: text("media_alt").notNull().default(""),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export type ProjectRow = typeof projects.$inferSelect;
