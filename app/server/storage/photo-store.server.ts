/**
 * Where a photo's files live once stored: its private `original` and its
 * variants `w<width>.webp` / `w<width>.avif`, all under one random storage key.
 * Two backends implement it, chosen by STORAGE (storage-config.server.ts): the
 * local disk (local-store.server.ts) and an S3-compatible bucket
 * (s3-store.server.ts). Both pass the same test suite
 * (tests/integration/photo-store.test.ts); `photoStore()` (storage.server.ts)
 * gives the one in use. Uploads in flight stay on the
 * local disk (UPLOADS_DIR/tmp) either way: a photo reaches its store only
 * once its variants are made.
 */
import crypto from "node:crypto";
import type { Readable } from "node:stream";

/** A photo's key, or a project card's media (`project-` first: record 036). */
export const STORAGE_KEY_PATTERN = /^(?:project-)?[a-f0-9]{32}$/;
export const PROJECT_KEY_PREFIX = "project-";
export const VARIANT_FILE_PATTERN = /^w(\d{1,5})\.(webp|avif)$/;
/** A project card's video, beside its poster's variants. */
export const VIDEO_FILE_PATTERN = /^video\.(mp4|webm)$/;
export const ORIGINAL_FILE = "original";

/** What a visitor reads when the bucket is out of reach (a 503). */
export const STORE_UNREACHABLE_MESSAGE = "The photo storage cannot be reached right now. Try again in a moment.";

const VARIANT_TYPES: Record<string, string> = { webp: "image/webp", avif: "image/avif" };
const VIDEO_TYPES: Record<string, string> = { mp4: "video/mp4", webm: "video/webm" };

/** The Content-Type a stored file is served with; originals are never served. */
export function variantType(file: string): string | undefined {
  const format = VARIANT_FILE_PATTERN.exec(file)?.[2];
  if (format) return VARIANT_TYPES[format];
  const container = VIDEO_FILE_PATTERN.exec(file)?.[1];
  return container ? VIDEO_TYPES[container] : undefined;
}

/** Every file a stored photo has, given its row's variant widths. */
export function photoFiles(variantWidths: number[], avifWidths: number[]): string[] {
  return [ORIGINAL_FILE, ...variantWidths.map((w) => `w${w}.webp`), ...avifWidths.map((w) => `w${w}.avif`)];
}

/** Random for every upload, never derived from the photo: a deleted photo's immutable URLs must never name another. */
export function newStorageKey(): string {
  return crypto.randomBytes(16).toString("hex");
}

/** One stored file, opened: read its body once with `stream`, or `discard` it. */
export interface StoredFile {
  size: number;
  lastModified: Date;
  stream(): Readable;
  discard(): void;
}

export interface PhotoStore {
  /** Names the store in messages: "UPLOADS_DIR (/srv/uploads)", "the S3 bucket photos". */
  readonly description: string;
  /**
   * Stores every file of the local folder `dir` under `key`, resolving once all
   * are durable. It may move the folder away; the caller removes what is left.
   */
  put(key: string, dir: string): Promise<void>;
  /** One file of a stored photo, or undefined when there is none. */
  get(key: string, file: string): Promise<StoredFile | undefined>;
  /** Removes every file under `key`; nothing there is no error. */
  remove(key: string): Promise<void>;
  /** The names of the files stored under `key`. */
  files(key: string): Promise<string[]>;
  /** Every key that has at least one file. */
  keys(): Promise<Set<string>>;
  /** Throws, saying why, unless a file can be written and removed right now. */
  probe(): Promise<void>;
  /** Throws, saying why, unless the store answers a read right now; writes nothing (for /healthz). */
  check(): Promise<void>;
}
