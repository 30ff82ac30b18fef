import { eq } from "drizzle-orm";
import { nameFromFile } from "~/lib/image";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { readFileText } from "./file-text.server";
import { readOriginal } from "./original-copy.server";

/** A name the owner did not type: the file name an upload fell back to, with its extension (before) or without. */
const isFileName = (name: string, filename: string) => name === filename || name === nameFromFile(filename);

/**
 * Gives photos stored before the site read their files' text (record 075) the title and caption their originals
 * carry, where the owner typed none: a name that is still the file name, an empty description. It can run again at
 * any time; what the owner typed is never touched.
 */
export async function backfillFileText(onProgress: (done: number, total: number) => void = () => {}) {
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
    .filter((row) => row.description === "" || isFileName(row.name, row.originalFilename));
  let filled = 0;
  for (const [index, row] of pending.entries()) {
    const text = await readOriginal(row.storageKey, readFileText);
    const name = isFileName(row.name, row.originalFilename) ? text?.title : null;
    const description = row.description === "" ? text?.description : null;
    if (name || description) {
      db()
        .update(images)
        .set({ ...(name ? { name } : {}), ...(description ? { description } : {}), updatedAt: new Date() })
        .where(eq(images.id, row.id))
        .run();
      filled++;
    }
    onProgress(index + 1, pending.length);
  }
  return { read: pending.length, filled };
}
