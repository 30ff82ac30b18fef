import { eq } from "drizzle-orm";
import { nameFromFile } from "~/lib/image";
import { db } from "~/server/data/db.server";
import { images, imageTags } from "~/server/data/schema";
import { readFileText } from "./file-text.server";
import { readOriginal } from "./original-copy.server";
import { setImageTags } from "./tags.server";

/** A name the owner did not type: the file name an upload fell back to, with its extension (before) or without. */
const isFileName = (name: string, filename: string) => name === filename || name === nameFromFile(filename);

/**
 * Gives photos stored before the site read their files' text (record 075) the title, caption and keywords their
 * originals carry, where the owner typed none: a name that is still the file name, an empty description, no tags.
 * It can run again at any time; what the owner typed is never touched.
 */
export async function backfillFileText(onProgress: (done: number, total: number) => void = () => {}) {
  const tagged = new Set(
    db()
      .selectDistinct({ id: imageTags.imageId })
      .from(imageTags)
      .all()
      .map((row) => row.id),
  );
  const pending = db()
    .select({
      id: images.id,
      storageKey: images.storageKey,
      name: images.name,
      description: images.description,
      originalFilename: images.originalFilename,
    })
    .from(images)
    .all()
    .filter((row) => row.description === "" || isFileName(row.name, row.originalFilename) || !tagged.has(row.id));
  let filled = 0;
  for (const [index, row] of pending.entries()) {
    const text = await readOriginal(row.storageKey, readFileText);
    const name = isFileName(row.name, row.originalFilename) ? text?.title : null;
    const description = row.description === "" ? text?.description : null;
    const keywords = tagged.has(row.id) ? [] : (text?.keywords ?? []);
    if (name || description || keywords.length) {
      db().transaction(() => {
        db()
          .update(images)
          .set({ ...(name ? { name } : {}), ...(description ? { description } : {}), updatedAt: new Date() })
          .where(eq(images.id, row.id))
          .run();
        if (keywords.length) setImageTags(row.id, keywords);
      });
      filled++;
    }
    onProgress(index + 1, pending.length);
  }
  return { read: pending.length, filled };
}
