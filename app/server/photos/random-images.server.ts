/** Random picks (the home page's previews, `/api/image/random`) among the photos a request sees listed. */
import { and, asc, desc, gte } from "drizzle-orm";
import type { Image } from "~/lib/image";
import { db } from "~/server/data/db.server";
import { images, type ImageRow } from "~/server/data/schema";
import type { Access } from "~/server/access/access.server";
import { photoListed } from "~/server/access/visibility-sql.server";
import { toImages } from "./image-json.server";

/** Up to `wanted` distinct images among those `access` sees listed, picked by random id probes so it stays fast at any table size. */
export function randomImages(wanted: number, access: Access): Image[] {
  const listed = photoListed(access);
  // Not a count: counting the public photos reads every one of them, and only "more than wanted?" matters.
  const few = db()
    .select()
    .from(images)
    .where(listed)
    .limit(wanted + 1)
    .all();
  if (few.length <= wanted) return toImages(shuffle(few), access);
  const maxId = db().select({ id: images.id }).from(images).where(listed).orderBy(desc(images.id)).limit(1).get()!.id;
  const picked = new Map<number, ImageRow>();
  for (let attempt = 0; picked.size < wanted && attempt < wanted * 20; attempt++) {
    const probe = 1 + Math.floor(Math.random() * maxId);
    const row = db()
      .select()
      .from(images)
      .where(and(gte(images.id, probe), listed))
      .orderBy(asc(images.id))
      .limit(1)
      .get();
    if (row) picked.set(row.id, row);
  }
  return toImages([...picked.values()], access);
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
