import Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { rowsIn } from "~/server/storage/photo-copy.server";
import { photoFiles } from "~/server/storage/photo-store.server";

export interface Dirs {
  dataDir: string;
  uploadsDir: string;
}

export interface StorageReport {
  integrity: string;
  /** Row ids in the images table. */
  ids: number[];
  /** Every broken invariant, in words; empty when database and disk agree. */
  problems: string[];
}

interface StoredRow {
  id: number;
  storage_key: string;
  variant_widths: string;
  avif_widths: string;
}

/**
 * Checks what a crash must never break: the database passes `integrity_check`,
 * every row has its folder with exactly its original and variants, every
 * project card's media their folder with exactly their files, every folder
 * under images/ has a row, and tmp/ is empty. Opens the database
 * read-only, so it may run while a server holds it.
 */
export function inspectStorage({ dataDir, uploadsDir }: Dirs): StorageReport {
  const sqlite = new Database(path.join(dataDir, "portfolio.sqlite"), { readonly: true, fileMustExist: true });
  let integrity: string;
  let rows: StoredRow[];
  try {
    integrity = String(sqlite.pragma("integrity_check", { simple: true }));
    rows = sqlite
      .prepare("SELECT id, storage_key, variant_widths, avif_widths FROM images ORDER BY id")
      .all() as StoredRow[];
  } finally {
    sqlite.close();
  }
  const problems: string[] = [];
  const imagesDir = path.join(uploadsDir, "images");
  const keys = new Set(rows.map((r) => r.storage_key));
  for (const row of rows) {
    const dir = path.join(imagesDir, row.storage_key);
    const expected = photoFiles(
      JSON.parse(row.variant_widths) as number[],
      JSON.parse(row.avif_widths) as number[],
    ).sort();
    const actual = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    if (actual.join() !== expected.join()) {
      problems.push(
        `row ${row.id} (${row.storage_key}): expected files ${expected.join(" ")}, found ${actual.join(" ") || "no folder"}`,
      );
    }
    for (const file of actual) {
      if (fs.statSync(path.join(dir, file)).size === 0) problems.push(`row ${row.id}: ${file} is empty`);
    }
  }
  // The site's own files (the CV, the portrait) and the project cards' media.
  for (const stored of rowsIn(path.join(dataDir, "portfolio.sqlite")).filter((row) => row.kind !== "photo")) {
    keys.add(stored.key);
    const dir = path.join(imagesDir, stored.key);
    const actual = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    if (actual.join() !== [...stored.files].sort().join()) {
      problems.push(
        `${stored.kind} ${stored.key}: expected ${stored.files.join(" ")}, found ${actual.join(" ") || "no folder"}`,
      );
    }
  }
  for (const entry of fs.existsSync(imagesDir) ? fs.readdirSync(imagesDir) : []) {
    if (!keys.has(entry)) problems.push(`orphan in images/: ${entry}`);
  }
  const leftovers = fs.readdirSync(path.join(uploadsDir, "tmp"));
  if (leftovers.length) problems.push(`tmp/ is not empty: ${leftovers.join(" ")}`);
  return { integrity, ids: rows.map((r) => r.id), problems };
}

/** Inspects the storage and expects every invariant to hold; returns the report for further checks. */
export function expectSoundStorage(dirs: Dirs): StorageReport {
  const report = inspectStorage(dirs);
  expect(report.integrity).toBe("ok");
  expect(report.problems).toEqual([]);
  return report;
}

/** Polls (every 2 ms, to catch short-lived moments) until `condition` holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  await expect.poll(condition, { interval: 2, timeout: timeoutMs, message: `waiting until ${what}` }).toBe(true);
}

/** Entries of a folder, or none when it does not exist (yet). */
export function entries(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** True when this process may mount a tmpfs (root in a machine or privileged container). */
export function canMountTmpfs(probeDir: string): boolean {
  fs.mkdirSync(probeDir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probeDir], { stdio: "ignore" });
    execFileSync("umount", [probeDir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

export function mountTmpfs(dir: string, sizeBytes: number, options = ""): void {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes}${options ? `,${options}` : ""}`, "tmpfs", dir]);
}

export function remount(dir: string, mode: "ro" | "rw"): void {
  execFileSync("mount", ["-o", `remount,${mode}`, dir]);
}

/** Unmounts if mounted; never throws, so it is safe in afterAll after a failure. */
export function unmount(dir: string): void {
  try {
    execFileSync("umount", ["-l", dir], { stdio: "ignore" });
  } catch {
    // Not mounted (the test failed before mounting): nothing to undo.
  }
}
