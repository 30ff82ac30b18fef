import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "./config.server";
import { HttpError } from "./http.server";

/**
 * Layout under UPLOADS_DIR:
 *   tmp/                 uploads in flight and folders being prepared
 *   images/<key>/        one folder per stored image: `original` (private) and
 *                        its variants `w<width>.webp` / `w<width>.avif`
 * A folder only appears under images/ by an atomic rename once complete, and a
 * row is inserted only after that rename, so a crash leaves at most an orphan
 * folder, which `sweepOrphans` removes at the next start.
 */
export const STORAGE_KEY_PATTERN = /^[a-f0-9]{32}$/;
export const VARIANT_FILE_PATTERN = /^w(\d{1,5})\.(webp|avif)$/;

/** Every file a stored image's folder holds, given its row's variant widths. */
export function imageFolderFiles(variantWidths: number[], avifWidths: number[]): string[] {
  return ["original", ...variantWidths.map((w) => `w${w}.webp`), ...avifWidths.map((w) => `w${w}.avif`)];
}

export function tmpDir(): string {
  return path.join(config().uploadsDir, "tmp");
}

export function imagesDir(): string {
  return path.join(config().uploadsDir, "images");
}

export function imageDir(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return path.join(imagesDir(), key);
}

export function newStorageKey(): string {
  return crypto.randomBytes(16).toString("hex");
}

export function ensureStorageDirs(): void {
  fs.mkdirSync(tmpDir(), { recursive: true });
  fs.mkdirSync(imagesDir(), { recursive: true });
}

/** Creates a uniquely named path inside tmp/ for one upload or preparation. */
export function tmpPath(suffix = ""): string {
  return path.join(tmpDir(), `${crypto.randomBytes(12).toString("hex")}${suffix}`);
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a prepared folder durable, then moves it into place under its key. */
export async function commitImageDir(preparedDir: string, key: string): Promise<void> {
  for (const file of await fsp.readdir(preparedDir)) {
    await fsyncPath(path.join(preparedDir, file));
  }
  await fsyncPath(preparedDir);
  await fsp.rename(preparedDir, imageDir(key));
  await fsyncPath(imagesDir());
}

export async function removeImageDir(key: string): Promise<void> {
  await fsp.rm(imageDir(key), { recursive: true, force: true });
}

/** Removes everything in tmp/ and every image folder that has no row. */
export async function sweepOrphans(knownKeys: Set<string>): Promise<{ tmp: number; orphans: number }> {
  let tmp = 0;
  let orphans = 0;
  for (const entry of await fsp.readdir(tmpDir())) {
    await fsp.rm(path.join(tmpDir(), entry), { recursive: true, force: true });
    tmp++;
  }
  for (const entry of await fsp.readdir(imagesDir())) {
    if (!knownKeys.has(entry)) {
      await fsp.rm(path.join(imagesDir(), entry), { recursive: true, force: true });
      orphans++;
    }
  }
  return { tmp, orphans };
}

/** True when a small file can be created and removed in both storage folders. */
export async function storageWritable(): Promise<boolean> {
  try {
    for (const dir of [tmpDir(), imagesDir()]) {
      const probe = path.join(dir, `.probe-${crypto.randomBytes(6).toString("hex")}`);
      await fsp.writeFile(probe, "ok");
      await fsp.rm(probe);
    }
    return true;
  } catch {
    return false;
  }
}

export function storageUnavailable(): HttpError {
  return new HttpError(503, "The server cannot write to its uploads folder right now.");
}

/** libvips (sharp) reports write failures by message only, without an errno code. */
const NO_SPACE_MESSAGE = /No space left on device|Disk quota exceeded|File too large/;
const CANNOT_WRITE_MESSAGE = /Read-only file system|Permission denied|Operation not permitted/;

/** Turns a disk-level failure into a clear answer; undefined for anything else. */
export function storageError(error: unknown): HttpError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : "";
  if (code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG" || (!code && NO_SPACE_MESSAGE.test(message))) {
    return new HttpError(507, "The server has no space left to store this image.");
  }
  if (code === "EROFS" || code === "EACCES" || code === "EPERM" || (!code && CANNOT_WRITE_MESSAGE.test(message))) {
    return storageUnavailable();
  }
  return undefined;
}
