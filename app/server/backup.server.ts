import Database from "better-sqlite3";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "./config.server";
import { databaseFile, openDatabase } from "./db.server";
import { makePrivate } from "./private-files.server";
import { imageFolderFiles, imagesDir, STORAGE_KEY_PATTERN } from "./storage.server";

const SNAPSHOT = "portfolio.sqlite";

interface StoredRow {
  key: string;
  /** Every file the row's folder must hold. */
  files: string[];
}

function rowsIn(databasePath: string): StoredRow[] {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const rows = sqlite
      .prepare("SELECT storage_key AS key, variant_widths AS webp, avif_widths AS avif FROM images")
      .all() as {
      key: string;
      webp: string;
      avif: string;
    }[];
    return rows.map((row) => ({
      key: row.key,
      files: imageFolderFiles(JSON.parse(row.webp) as number[], JSON.parse(row.avif) as number[]),
    }));
  } finally {
    sqlite.close();
  }
}

async function hasAllFiles(dir: string, files: string[]): Promise<boolean> {
  const present = new Set(await fsp.readdir(dir).catch(() => []));
  return files.every((file) => present.has(file));
}

/**
 * A consistent snapshot while the site runs: `VACUUM INTO` copies the database
 * as of one transaction, then the folders of the rows it holds are copied.
 * A photo deleted between the two steps is dropped from the snapshot too, so
 * every row in a backup has its files.
 */
export async function backup(target: string): Promise<{ images: number; dropped: number }> {
  const dir = path.resolve(target);
  await fsp.mkdir(path.join(dir, "images"), { recursive: true });
  const snapshot = path.join(dir, SNAPSHOT);
  if (fs.existsSync(snapshot)) throw new Error(`${snapshot} already exists: back up into an empty folder.`);

  const live = openDatabase(databaseFile());
  try {
    live.prepare("VACUUM INTO ?").run(snapshot);
  } finally {
    live.close();
  }
  // A photo deleted while we copy may come out missing or half-removed: it is left out.
  const vanished: string[] = [];
  for (const row of rowsIn(snapshot)) {
    const copy = path.join(dir, "images", row.key);
    try {
      await fsp.cp(path.join(imagesDir(), row.key), copy, { recursive: true, errorOnExist: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (!(await hasAllFiles(copy, row.files))) {
      await fsp.rm(copy, { recursive: true, force: true });
      vanished.push(row.key);
    }
  }
  // A plain connection; DELETE journal mode makes the backup one self-contained file.
  const sqlite = new Database(snapshot);
  try {
    const remove = sqlite.prepare("DELETE FROM images WHERE storage_key = ?");
    sqlite.transaction(() => vanished.forEach((key) => remove.run(key)))();
    sqlite.pragma("journal_mode = DELETE");
  } finally {
    sqlite.close();
  }
  // Copies keep the live files' modes, which a site from before they were private may still have.
  makePrivate(snapshot);
  makePrivate(path.join(dir, "images"), { recursive: true });
  return { images: rowsIn(snapshot).length, dropped: vanished.length };
}

/**
 * Replaces the database and the stored photos with a backup's. The server
 * must be stopped: it holds the database open.
 */
export async function restore(source: string): Promise<{ images: number }> {
  const dir = path.resolve(source);
  const snapshot = path.join(dir, SNAPSHOT);
  if (!fs.existsSync(snapshot)) throw new Error(`${snapshot} not found: is ${dir} a backup folder?`);
  const check = new Database(snapshot, { readonly: true });
  const integrity = check.pragma("integrity_check", { simple: true });
  check.close();
  if (integrity !== "ok") throw new Error(`The backup database is damaged: ${String(integrity)}`);

  const rows = rowsIn(snapshot);
  for (const row of rows) {
    if (!STORAGE_KEY_PATTERN.test(row.key) || !(await hasAllFiles(path.join(dir, "images", row.key), row.files))) {
      throw new Error(`The backup is incomplete: the files of image ${row.key} are missing.`);
    }
  }
  const target = databaseFile();
  await fsp.mkdir(config().dataDir, { recursive: true });
  // Stage beside the live files, then swap, so a failure halfway leaves the old data usable.
  await fsp.copyFile(snapshot, `${target}.restoring`);
  const stagedImages = `${imagesDir()}.restoring`;
  await fsp.rm(stagedImages, { recursive: true, force: true });
  await fsp.cp(path.join(dir, "images"), stagedImages, { recursive: true });
  // Copies keep the backup's modes, and an older backup's are readable by all.
  makePrivate(`${target}.restoring`);
  makePrivate(stagedImages, { recursive: true });

  await fsp.rm(`${target}-wal`, { force: true });
  await fsp.rm(`${target}-shm`, { force: true });
  await fsp.rename(`${target}.restoring`, target);
  await fsp.rm(imagesDir(), { recursive: true, force: true });
  await fsp.rename(stagedImages, imagesDir());
  return { images: rows.length };
}
