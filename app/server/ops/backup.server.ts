import Database from "better-sqlite3";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { databaseFile, openDatabase } from "~/server/data/db.server";
import { downloadPhoto, photoCount, rowsIn } from "~/server/storage/photo-copy.server";
import { STORAGE_KEY_PATTERN } from "~/server/storage/photo-store.server";
import { makePrivate } from "~/server/storage/private-files.server";
import { registerProcess } from "~/server/storage/process-locks.server";
import { ensureTmpDir, photoStore, tmpPath } from "~/server/storage/storage.server";

/**
 * A backup is one folder, whichever store the site uses: `portfolio.sqlite`
 * and `images/<key>/<file>` for every row (photos, and the project cards'
 * media under their `project-` keys). So a backup of a site on the disk
 * restores into a bucket and back.
 */
const SNAPSHOT = "portfolio.sqlite";

async function hasAllFiles(dir: string, files: string[]): Promise<boolean> {
  const present = new Set(await fsp.readdir(dir).catch(() => []));
  return files.every((file) => present.has(file));
}

/**
 * A consistent snapshot while the site runs: `VACUUM INTO` copies the database
 * as of one transaction, then the files of the rows it holds are copied from
 * the store. A photo deleted between the two steps is dropped from the
 * snapshot too, so every row in a backup has its files.
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
  const rows = rowsIn(snapshot);
  for (const row of rows) {
    const copy = path.join(dir, "images", row.key);
    if (!(await downloadPhoto(photoStore(), row, copy))) {
      await fsp.rm(copy, { recursive: true, force: true });
      vanished.push(row.key);
    }
  }
  // A plain connection; DELETE journal mode makes the backup one self-contained file.
  const sqlite = new Database(snapshot);
  try {
    const remove = sqlite.prepare("DELETE FROM images WHERE storage_key = ?");
    // A setting whose files vanished (replaced meanwhile) is dropped too: the restored site shows its default.
    const removeSetting = sqlite.prepare("DELETE FROM site_settings WHERE json_extract(value, '$.stored.key') = ?");
    // A project whose media were replaced meanwhile keeps its card, without media.
    const unsetMedia = rows.some((row) => row.kind === "project-media")
      ? sqlite.prepare("UPDATE projects SET media = NULL WHERE json_extract(media, '$.key') = ?")
      : undefined;
    sqlite.transaction(() =>
      vanished.forEach((key) => {
        remove.run(key);
        removeSetting.run(key);
        unsetMedia?.run(key);
      }),
    )();
    sqlite.pragma("journal_mode = DELETE");
  } finally {
    sqlite.close();
  }
  makePrivate(snapshot);
  makePrivate(path.join(dir, "images"), { recursive: true });
  return { images: photoCount(rowsIn(snapshot)), dropped: vanished.length };
}

/**
 * Replaces the database and the stored photos with a backup's, in the store
 * the settings name. The server must be stopped: it holds the database open,
 * so this refuses while any other process uses the site's data, and nothing
 * else starts while it runs (process-locks.server.ts).
 * Photos go first, then the database, then what the backup does not know is
 * removed: a failure halfway leaves the old site usable, and running the
 * restore again finishes it (photos already in the store are not sent again).
 */
export async function restore(source: string): Promise<{ images: number }> {
  registerProcess("npm run restore", { exclusive: true });
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
  const store = photoStore();
  ensureTmpDir();
  for (const row of rows) {
    const present = new Set(await store.files(row.key));
    if (row.files.every((file) => present.has(file))) continue;
    // Through tmp/: the disk store moves the folder it is given into place.
    const staged = tmpPath();
    await fsp.cp(path.join(dir, "images", row.key), staged, { recursive: true });
    makePrivate(staged, { recursive: true });
    try {
      await store.put(row.key, staged);
    } finally {
      await fsp.rm(staged, { recursive: true, force: true });
    }
  }

  const target = databaseFile();
  await fsp.mkdir(config().dataDir, { recursive: true });
  await fsp.copyFile(snapshot, `${target}.restoring`);
  // Copies keep the backup's modes, and an older backup's are readable by all.
  makePrivate(`${target}.restoring`);
  await fsp.rm(`${target}-wal`, { force: true });
  await fsp.rm(`${target}-shm`, { force: true });
  await fsp.rename(`${target}.restoring`, target);

  const restored = new Set(rows.map((row) => row.key));
  for (const key of await store.keys()) if (!restored.has(key)) await store.remove(key);
  return { images: photoCount(rows) };
}
