import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import type { Image } from "~/lib/image";

/** Runs one query against a server's real database, read-only, beside the running server. */
export function queryDb<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const sqlite = new Database(path.join(dataDir, "portfolio.sqlite"), { readonly: true });
  try {
    return sqlite.prepare(sql).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}

export function imageRowCount(dataDir: string): number {
  return queryDb<{ n: number }>(dataDir, "SELECT count(*) AS n FROM images")[0]!.n;
}

/** The image folders under UPLOADS_DIR/images (one per stored image; the project cards' media are left out). */
export function storedFolders(uploadsDir: string): string[] {
  return fs
    .readdirSync(path.join(uploadsDir, "images"))
    .filter((entry) => !entry.startsWith("project-"))
    .sort();
}

/** What is left in UPLOADS_DIR/tmp. */
export function tmpEntries(uploadsDir: string): string[] {
  return fs.readdirSync(path.join(uploadsDir, "tmp"));
}

/** Every variant URL the image JSON points at: `url`, `srcset` and `avifSrcset`. */
export function variantUrls(image: Image): string[] {
  const fromSrcset = (srcset: string) =>
    srcset
      .split(",")
      .map((part) => part.trim().split(/\s+/)[0]!)
      .filter(Boolean);
  return [...new Set([image.url, ...fromSrcset(image.srcset), ...fromSrcset(image.avifSrcset)])];
}

/** The storage key of an image, read from its media URL. */
export function storageKeyOf(image: Image): string {
  return image.url.split("/")[2]!;
}
