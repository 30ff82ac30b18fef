import fs from "node:fs";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { databaseFile } from "~/server/data/db.server";

/**
 * The database holds the password and session hashes and the originals keep
 * their GPS: what this site writes is for its own user only. Every entry point
 * (the server's `prepare`, the scripts) sets the umask first, so whatever
 * creates a file (SQLite, sharp, busboy, `fs.cp`) creates it private;
 * `makePrivate` tightens what was made earlier or copied with its old mode.
 */
const PRIVATE_UMASK = 0o077;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** chmods one entry to 600/700 unless it already is; symbolic links are left alone. */
function tighten(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(target);
  } catch (error) {
    // Gone meanwhile: a temp file of an upload in flight.
    if (isMissing(error)) return 0;
    throw error;
  }
  const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
  // An unneeded chmod still bumps the change time, which incremental backup tools read as "modified".
  if (stat.isSymbolicLink() || (stat.mode & 0o777) === wanted) return 0;
  fs.chmodSync(target, wanted);
  return 1;
}

/**
 * Sets `target` to 600 (a file) or 700 (a folder), and with `recursive`
 * everything under it. Returns how many modes changed; a missing target is skipped.
 */
export function makePrivate(target: string, { recursive = false } = {}): number {
  let changed = tighten(target);
  if (!recursive) return changed;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(target, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ENOTDIR") return changed;
    throw error;
  }
  for (const entry of entries) changed += tighten(path.join(entry.parentPath, entry.name));
  return changed;
}

/**
 * Tightens a site made under a looser umask (before this rule, or copied in):
 * DATA_DIR and its database, WAL files, secret, token key and process locks; UPLOADS_DIR and all of
 * images/ and tmp/. Only what the site owns: either folder may be shared with
 * other files, which the folder's own 700 already hides.
 */
export function makeSitePrivate(): { changed: number; failures: string[] } {
  const { dataDir, uploadsDir } = config();
  const database = databaseFile();
  const targets: [string, boolean][] = [
    [dataDir, false],
    [database, false],
    [`${database}-wal`, false],
    [`${database}-shm`, false],
    [path.join(dataDir, "session-secret"), false],
    [path.join(dataDir, "token-key"), false],
    [path.join(dataDir, "processes"), true],
    [uploadsDir, false],
    [path.join(uploadsDir, "images"), true],
    [path.join(uploadsDir, "tmp"), true],
  ];
  let changed = 0;
  const failures: string[] = [];
  for (const [target, recursive] of targets) {
    try {
      changed += makePrivate(target, { recursive });
    } catch (error) {
      // Not ours to change (made by another user, read-only mount): the site still works, so it says so and starts.
      failures.push(`${target}: ${(error as Error).message}`);
    }
  }
  return { changed, failures };
}
