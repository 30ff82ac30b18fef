/** Photos' tags (record 075): one row per slug, a photo's own list in image_tags with the path its keyword had. */
import { and, asc, eq, inArray, notExists, notInArray, sql } from "drizzle-orm";
import { cleanLine } from "~/lib/clean-text";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_PHOTO, tagSlug } from "~/lib/tags";
import { db } from "~/server/data/db.server";
import { imageTags, tags } from "~/server/data/schema";

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
