/**
 * Tags added to and removed from many photos at once (select mode and `POST /api/image/batch`, record 079). Unlike
 * the other batch actions it is all or nothing, in one transaction: a photo that is gone, or one the added tags would
 * take past 100, refuses the whole request and changes nothing.
 */
import { and, count, inArray, notInArray } from "drizzle-orm";
import { cleanLine } from "~/lib/clean-text";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_PHOTO, tagSlug } from "~/lib/tags";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { images, imageTags, tags } from "~/server/data/schema";
import { dropUnusedTags } from "./tags.server";

/** Each name once by its slug, cleaned as a typed tag is; names without letters or digits drop out. */
function bySlug(names: string[]): Map<string, string> {
  const named = new Map<string, string>();
  for (const raw of names) {
    const name = cleanLine(raw).slice(0, MAX_TAG_LENGTH);
    const slug = tagSlug(name);
    if (slug && !named.has(slug)) named.set(slug, name);
  }
  return named;
}

function assertImagesExist(ids: number[]): void {
  const found = new Set(
    db()
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, ids))
      .all()
      .map((row) => row.id),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new HttpError(404, `There is no image with id ${missing}`);
}

/** Refuses the batch when a photo would end with more than 100 tags: its kept ones and the added. */
function assertRoom(ids: number[], addedIds: number[], removedIds: number[], added: number): void {
  const kept = db()
    .select({ imageId: imageTags.imageId, kept: count() })
    .from(imageTags)
    .where(and(inArray(imageTags.imageId, ids), notInArray(imageTags.tagId, [...addedIds, ...removedIds])))
    .groupBy(imageTags.imageId)
    .all();
  const full = kept.find((row) => row.kept + added > MAX_TAGS_PER_PHOTO);
  if (full) {
    throw new HttpError(400, `add would give the photo with id ${full.imageId} more than ${MAX_TAGS_PER_PHOTO} tags`, {
      field: "add",
    });
  }
}

/** Adds `add` to every photo (a tag it has keeps its path) and takes `remove` off; tags left without photos go. */
export function changeTags(ids: number[], add: string[], remove: string[]): void {
  const added = bySlug(add);
  const removed = [...bySlug(remove).keys()];
  if (!added.size && !removed.length) {
    throw new HttpError(400, "add must name a tag, or remove must", { field: "add" });
  }
  const both = removed.find((slug) => added.has(slug));
  if (both) throw new HttpError(400, `remove names ${both}, which add names too`, { field: "remove" });
  db().transaction(() => {
    assertImagesExist(ids);
    for (const [slug, name] of added) db().insert(tags).values({ slug, name }).onConflictDoNothing().run();
    const slugs = [...added.keys(), ...removed];
    const tagIds = slugs.length
      ? db().select({ id: tags.id, slug: tags.slug }).from(tags).where(inArray(tags.slug, slugs)).all()
      : [];
    const addedIds = tagIds.filter((tag) => added.has(tag.slug)).map((tag) => tag.id);
    const removedIds = tagIds.filter((tag) => !added.has(tag.slug)).map((tag) => tag.id);
    assertRoom(ids, addedIds, removedIds, addedIds.length);
    if (removedIds.length) {
      db()
        .delete(imageTags)
        .where(and(inArray(imageTags.imageId, ids), inArray(imageTags.tagId, removedIds)))
        .run();
    }
    const nameOf = new Map(tagIds.map((tag) => [tag.id, added.get(tag.slug)!]));
    for (const imageId of ids) {
      for (const tagId of addedIds) {
        db()
          .insert(imageTags)
          .values({ imageId, tagId, path: nameOf.get(tagId)! })
          .onConflictDoNothing()
          .run();
      }
    }
    // Its edit time moves as with any edit: the content version, the feeds and the caches follow.
    db().update(images).set({ updatedAt: new Date() }).where(inArray(images.id, ids)).run();
    dropUnusedTags();
  });
}
