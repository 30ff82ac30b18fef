import fs from "node:fs";
import fsp from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { ORIGINAL_FILE } from "~/server/storage/photo-store.server";
import { ensureTmpDir, photoStore, tmpPath } from "~/server/storage/storage.server";

/** Reads a photo's original through a temp copy (the store may be a bucket); undefined when it is gone. */
export async function readOriginal<T>(key: string, read: (file: string) => Promise<T>): Promise<T | undefined> {
  const original = await photoStore().get(key, ORIGINAL_FILE);
  if (!original) return undefined;
  ensureTmpDir();
  const copy = tmpPath(".original");
  try {
    await pipeline(original.stream(), fs.createWriteStream(copy));
    return await read(copy);
  } finally {
    await fsp.rm(copy, { force: true });
  }
}
