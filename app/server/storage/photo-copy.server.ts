/**
 * Copying stored photos between stores and folders, for backup, restore and
 * `npm run storage:migrate`: which files each row must have, and a copy that
 * is checked byte for byte.
 */
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ProjectMedia } from "~/server/data/schema";
import { ORIGINAL_FILE, photoFiles, type PhotoStore } from "./photo-store.server";

export interface StoredRow {
  /** A photo, a file the site's settings keep (the CV, the portrait), or a project card's media. */
  kind: "photo" | "site-file" | "project-media";
  key: string;
  /** SHA-256 of the upload, which the original is; none for a project's media, which keep no original. */
  checksum?: string;
  /** Every file the row must have in the store. */
  files: string[];
}

function hasTable(sqlite: Database.Database, name: string): boolean {
  return !!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
}

function photosIn(sqlite: Database.Database): StoredRow[] {
  const rows = sqlite
    .prepare("SELECT storage_key AS key, checksum, variant_widths AS webp, avif_widths AS avif FROM images ORDER BY id")
    .all() as { key: string; checksum: string; webp: string; avif: string }[];
  return rows.map((row) => ({
    kind: "photo",
    key: row.key,
    checksum: row.checksum,
    files: photoFiles(JSON.parse(row.webp) as number[], JSON.parse(row.avif) as number[]),
  }));
}

/** Each named under `stored` in its setting's value (app/server/site/site-media.server.ts). */
function siteFilesIn(sqlite: Database.Database): StoredRow[] {
  if (!hasTable(sqlite, "site_settings")) return [];
  const rows = sqlite
    .prepare(
      `SELECT json_extract(value, '$.stored.key') AS key, json_extract(value, '$.stored.checksum') AS checksum,
        json_extract(value, '$.stored.files') AS files
       FROM site_settings WHERE json_valid(value) AND json_type(value, '$.stored.key') = 'text' ORDER BY key`,
    )
    .all() as { key: string; checksum: string; files: string }[];
  return rows.map((row) => ({
    kind: "site-file",
    key: row.key,
    checksum: row.checksum,
    files: JSON.parse(row.files) as string[],
  }));
}

/** Every file a project card's media have: the still's variants, and the video. */
export function projectMediaFiles(media: ProjectMedia): string[] {
  return [...media.widths.map((w) => `w${w}.webp`), ...(media.video ? [`video.${media.video}`] : [])];
}

function projectMediaIn(sqlite: Database.Database): StoredRow[] {
  if (!hasTable(sqlite, "projects")) return [];
  const rows = sqlite.prepare("SELECT media FROM projects WHERE media IS NOT NULL ORDER BY id").all() as {
    media: string;
  }[];
  return rows.map((row) => {
    const media = JSON.parse(row.media) as ProjectMedia;
    return { kind: "project-media", key: media.key, files: projectMediaFiles(media) };
  });
}

/**
 * Every row of a database file that has files in the store: its photos, its
 * settings' files and its project cards' media (read-only: it may be the live
 * one; an older database lacks the newer tables).
 */
export function rowsIn(databasePath: string): StoredRow[] {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    return [...photosIn(sqlite), ...siteFilesIn(sqlite), ...projectMediaIn(sqlite)];
  } finally {
    sqlite.close();
  }
}

/** How many of `rows` are photos (the figure backup, restore and storage:migrate report). */
export function photoCount(rows: StoredRow[]): number {
  return rows.filter((row) => row.kind === "photo").length;
}

/** Keys the journal holds (uploads being stored, deletes being finished): never another copy's orphans. */
export function pendingKeysIn(databasePath: string): Set<string> {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const rows = sqlite.prepare("SELECT storage_key AS key FROM pending_objects").all() as { key: string }[];
    return new Set(rows.map((row) => row.key));
  } finally {
    sqlite.close();
  }
}

/**
 * Copies one stored photo's files into the folder `dir` and returns each
 * file's SHA-256; undefined when one of them is missing (deleted meanwhile).
 */
export async function downloadPhoto(
  store: PhotoStore,
  row: StoredRow,
  dir: string,
): Promise<Map<string, string> | undefined> {
  await fsp.mkdir(dir, { recursive: true });
  const sums = new Map<string, string>();
  for (const file of row.files) {
    const stored = await store.get(row.key, file);
    if (!stored) return undefined;
    const hash = crypto.createHash("sha256");
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(stored.stream(), hashing, fs.createWriteStream(path.join(dir, file)));
    sums.set(file, hash.digest("hex"));
  }
  return sums;
}

async function storedSum(store: PhotoStore, key: string, file: string): Promise<string | undefined> {
  const stored = await store.get(key, file);
  if (!stored) return undefined;
  const hash = crypto.createHash("sha256");
  for await (const chunk of stored.stream()) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export type CopyResult = "copied" | "present" | "missing";

/**
 * Copies one photo from `source` to `target` through a folder in `workDir`,
 * unless the target has all its files already. The original must match the
 * row's checksum, and every file read back from the target must match what
 * was read from the source; otherwise the target's copy is removed and it
 * throws. "missing" when the source lacks a file.
 */
export async function copyPhoto(
  source: PhotoStore,
  target: PhotoStore,
  row: StoredRow,
  workDir: string,
): Promise<CopyResult> {
  const present = new Set(await target.files(row.key));
  if (row.files.every((file) => present.has(file))) return "present";
  const staged = path.join(workDir, row.key);
  try {
    const sums = await downloadPhoto(source, row, staged);
    if (!sums) return "missing";
    if (row.checksum !== undefined && sums.get(ORIGINAL_FILE) !== row.checksum) {
      throw new Error(`the original of ${row.key} in ${source.description} does not match its checksum`);
    }
    await target.put(row.key, staged);
    for (const [file, sum] of sums) {
      if ((await storedSum(target, row.key, file)) !== sum) {
        await target.remove(row.key);
        throw new Error(`${file} of ${row.key} differs in ${target.description} after the copy`);
      }
    }
    return "copied";
  } finally {
    await fsp.rm(staged, { recursive: true, force: true });
  }
}
