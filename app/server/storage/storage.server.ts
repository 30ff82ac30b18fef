import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";
import { createLocalStore } from "./local-store.server";
import { STORE_UNREACHABLE_MESSAGE, type PhotoStore } from "./photo-store.server";
import { runningCheck, thisProcessId } from "./process-locks.server";
import { s3StoreOnDemand } from "./s3-on-demand.server";

/**
 * The store the settings choose (photo-store.server.ts), and the local
 * UPLOADS_DIR/tmp/ that holds uploads in flight and photos being prepared
 * whatever the store: a crash leaves things only there, removed at the next
 * start. Every name there begins with its writer's process id, so that start
 * spares what another running process (seed, a second server) is writing.
 */
let store: PhotoStore | undefined;

export function photoStore(): PhotoStore {
  if (!store) {
    const { storage, uploadsDir } = config();
    store = storage.kind === "s3" ? s3StoreOnDemand(storage) : createLocalStore(uploadsDir);
  }
  return store;
}

export function tmpDir(): string {
  return path.join(config().uploadsDir, "tmp");
}

export function ensureTmpDir(): void {
  fs.mkdirSync(tmpDir(), { recursive: true });
}

/** Creates a uniquely named path inside tmp/ for one upload or preparation, owned by this process. */
export function tmpPath(suffix = ""): string {
  return path.join(tmpDir(), `${thisProcessId()}-${crypto.randomBytes(12).toString("hex")}${suffix}`);
}

/**
 * Removes what processes that have ended left in tmp/ (uploads and
 * preparations a crash cut short, and anything not named by a writer); what a
 * running process is writing stays.
 */
export async function removeAbandonedTmp(): Promise<number> {
  const running = runningCheck();
  let removed = 0;
  // Entries first, then their writers: a name is made only once its writer holds its lock.
  for (const entry of await fsp.readdir(tmpDir())) {
    if (running(entry.split("-")[0]!)) continue;
    await fsp.rm(path.join(tmpDir(), entry), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** True when tmp/ takes a new file and the store takes and gives up an object. */
export async function storageWritable(): Promise<boolean> {
  try {
    const probe = tmpPath(".probe");
    await fsp.writeFile(probe, "ok");
    await fsp.rm(probe);
    await photoStore().probe();
    return true;
  } catch {
    return false;
  }
}

export function storageUnavailable(): HttpError {
  return new HttpError(
    503,
    config().storage.kind === "s3"
      ? STORE_UNREACHABLE_MESSAGE
      : "The server cannot write to its uploads folder right now.",
    undefined,
    { "Retry-After": "10" },
  );
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
