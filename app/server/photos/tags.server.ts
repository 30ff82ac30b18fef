/** Photos' tags (record 075): one row per slug, a photo's own list in image_tags with the path its keyword had. */
import { and, asc, count, eq, inArray, notExists, notInArray, sql } from "drizzle-orm";
import { cleanLine } from "~/lib/clean-text";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_PHOTO, tagSlug } from "~/lib/tags";
import { db } from "~/server/data/db.server";
import { images, imageTags, tags, type ImageRow } from "~/server/data/schema";
import type { Access } from "~/server/access/access.server";
import { photoListed } from "~/server/access/visibility-sql.server";
import { HttpError } from "~/server/core/http-error.server";

/** A tag as given: its name, and the path of the keyword it came from (the name for one typed or flat). */
export interface TagInput {
  name: string;
  path: string;
}

/** Cleaned, at most 100 of at most 100 characters, one per slug (the first written), none without a slug. */
function normalised(input: TagInput[]): (TagInput & { slug: string })[] {
  const bySlug = new Map<string, TagInput & { slug: string }>();
  for (const tag of input) {
    const name = cleanLine(tag.name).slice(0, MAX_TAG_LENGTH);
    const slug = tagSlug(name);
    if (!slug || bySlug.has(slug)) continue;
    if (bySlug.size === MAX_TAGS_PER_PHOTO) break;
    bySlug.set(slug, { name, slug, path: cleanLine(tag.path) || name });
  }
  return [...bySlug.values()];
}

/**
 * Gives a photo exactly these tags, keeping the path a tag it already had came with, and drops tags no photo has
 * any more. Runs inside the caller's transaction, with the photo's other writes.
 */
export function setImageTags(imageId: number, input: TagInput[]): void {
  const wanted = normalised(input);
  for (const tag of wanted) db().insert(tags).values({ slug: tag.slug, name: tag.name }).onConflictDoNothing().run();
  const ids = wanted.length
    ? db()
        .select({ id: tags.id, slug: tags.slug })
        .from(tags)
        .where(
          inArray(
            tags.slug,
            wanted.map((tag) => tag.slug),
          ),
        )
        .all()
    : [];
  const idBySlug = new Map(ids.map((row) => [row.slug, row.id]));
  db()
    .delete(imageTags)
    .where(
      and(
        eq(imageTags.imageId, imageId),
        notInArray(
          imageTags.tagId,
          ids.map((row) => row.id),
        ),
      ),
    )
    .run();
  for (const tag of wanted) {
    db()
      .insert(imageTags)
      .values({ imageId, tagId: idBySlug.get(tag.slug)!, path: tag.path })
      .onConflictDoNothing()
      .run();
  }
  dropUnusedTags();
}

/** Tags left without photos (their last photo untagged or deleted) go. */
export function dropUnusedTags(): void {
  db()
    .delete(tags)
    .where(
      notExists(
        db()
          .select({ one: sql`1` })
          .from(imageTags)
          .where(eq(imageTags.tagId, tags.id)),
      ),
    )
    .run();
}

/** Each photo's tag names, by name, read in one query for all of them. */
export function tagsByImage(imageIds: number[]): Map<number, string[]> {
  const byImage = new Map<number, string[]>(imageIds.map((id) => [id, []]));
  if (!imageIds.length) return byImage;
  const rows = db()
    .select({ imageId: imageTags.imageId, name: tags.name })
    .from(imageTags)
    .innerJoin(tags, eq(tags.id, imageTags.tagId))
    .where(inArray(imageTags.imageId, imageIds))
    .orderBy(asc(sql`${tags.name} COLLATE NOCASE`))
    .all();
  for (const row of rows) byImage.get(row.imageId)?.push(row.name);
  return byImage;
}

/** A tag as its pages show it: the photos the request sees with it, and the newest taken of them as its cover. */
export interface TagSummary {
  id: number;
  slug: string;
  name: string;
  count: number;
  cover: ImageRow;
}

/** A tag's cover: its newest taken photo, those without a date last. */
const NEWEST_TAKEN = sql`${images.takenAt} IS NOT NULL DESC, ${images.takenAt} DESC, ${images.id} DESC`;

/** Tags with at least one photo the request sees listed, by name; each with its count and cover, in one query. */
export function listTags(access: Access): TagSummary[] {
  const ranked = db()
    .select({
      tagId: imageTags.tagId,
      imageId: sql<number>`${images.id}`.as("image_id"),
      rank: sql<number>`row_number() OVER (PARTITION BY ${imageTags.tagId} ORDER BY ${NEWEST_TAKEN})`.as("rank"),
      total: sql<number>`count(*) OVER (PARTITION BY ${imageTags.tagId})`.as("total"),
    })
    .from(imageTags)
    .innerJoin(images, eq(images.id, imageTags.imageId))
    .where(photoListed(access))
    .as("ranked");
  return db()
    .select({ id: tags.id, slug: tags.slug, name: tags.name, count: ranked.total, cover: images })
    .from(ranked)
    .innerJoin(tags, eq(tags.id, ranked.tagId))
    .innerJoin(images, eq(images.id, ranked.imageId))
    .where(eq(ranked.rank, 1))
    .orderBy(asc(sql`${tags.name} COLLATE NOCASE`))
    .all();
}

/** The tag of `/photography/tags/<slug>`: one the request sees a photo of, else the 404 of an unknown one. */
export function tagBySlug(slug: string, access: Access): TagSummary {
  const tag = db().select().from(tags).where(eq(tags.slug, slug)).get();
  const cover = tag && newestTaken(tag.id, access);
  if (!tag || !cover) throw new HttpError(404, "There is no such tag");
  const [{ total }] = db()
    .select({ total: count() })
    .from(imageTags)
    .innerJoin(images, eq(images.id, imageTags.imageId))
    .where(and(eq(imageTags.tagId, tag.id), photoListed(access)))
    .all() as [{ total: number }];
  return { ...tag, count: total, cover };
}

function newestTaken(tagId: number, access: Access): ImageRow | undefined {
  return db()
    .select({ image: images })
    .from(imageTags)
    .innerJoin(images, eq(images.id, imageTags.imageId))
    .where(and(eq(imageTags.tagId, tagId), photoListed(access)))
    .orderBy(NEWEST_TAKEN)
    .limit(1)
    .get()?.image;
}

/** The slugs of the tags with a photo the request sees listed: the sitemap's. */
export function visibleTagSlugs(access: Access): string[] {
  return db()
    .selectDistinct({ slug: tags.slug })
    .from(tags)
    .innerJoin(imageTags, eq(imageTags.tagId, tags.id))
    .innerJoin(images, eq(images.id, imageTags.imageId))
    .where(photoListed(access))
    .orderBy(asc(tags.slug))
    .all()
    .map((row) => row.slug);
}
