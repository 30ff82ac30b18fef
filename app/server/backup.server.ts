import Database from "better-sqlite3";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "./config.server";
import { databaseFile, openDatabase } from "./db.server";
import { imagesDir, STORAGE_KEY_PATTERN } from "./storage.server";

const SNAPSHOT = "portfolio.sqlite";

function keysIn(databasePath: string): string[] {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    return sqlite.prepare("SELECT storage_key AS key FROM images").all().map((r) => (r as { key: string }).key);
  } finally {
    sqlite.close();
  }
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
  const vanished: string[] = [];
  for (const key of keysIn(snapshot)) {
    try {
      await fsp.cp(path.join(imagesDir(), key), path.join(dir, "images", key), { recursive: true, errorOnExist: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      vanished.push(key);
    }
  }
  if (vanished.length) {
    // A plain connection: the backup stays one self-contained file, no WAL beside it.
    const sqlite = new Database(snapshot);
    const remove = sqlite.prepare("DELETE FROM images WHERE storage_key = ?");
    sqlite.transaction(() => vanished.forEach((key) => remove.run(key)))();
    sqlite.close();
  }
  return { images: keysIn(snapshot).length, dropped: vanished.length };
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

  const keys = keysIn(snapshot);
  for (const key of keys) {
    if (!STORAGE_KEY_PATTERN.test(key) || !fs.existsSync(path.join(dir, "images", key))) {
      throw new Error(`The backup is incomplete: the files of image ${key} are missing.`);
    }
  }
  const target = databaseFile();
  await fsp.mkdir(config().dataDir, { recursive: true });
  // Stage beside the live files, then swap, so a failure halfway leaves the old data usable.
  await fsp.copyFile(snapshot, `${target}.restoring`);
  const stagedImages = `${imagesDir()}.restoring`;
  await fsp.rm(stagedImages, { recursive: true, force: true });
  await fsp.cp(path.join(dir, "images"), stagedImages, { recursive: true });

  await fsp.rm(`${target}-wal`, { force: true });
  await fsp.rm(`${target}-shm`, { force: true });
  await fsp.rename(`${target}.restoring`, target);
  await fsp.rm(imagesDir(), { recursive: true, force: true });
  await fsp.rename(stagedImages, imagesDir());
  return { images: keys.length };
}
