/**
 * The stored variants in demand, kept in memory for the media answers
 * (http/media.server.ts). Variants never change (a changed image gets a new
 * key), so a hit costs no call to the store; a key's variants are forgotten
 * where its files leave the store (store-folder.server.ts), so they stop being
 * served at once. Least recently used first out; files above the per-file
 * limit are streamed from the store.
 */
import { buffer } from "node:stream/consumers";
import { variantType, type StoredFile } from "./photo-store.server";
import { photoStore } from "./storage.server";

/** What a variant's answer says about it. */
export interface VariantMeta {
  type: string;
  etag: string;
  lastModified: string;
  size: number;
}

/** A variant ready to answer: its bytes in memory, or its stored file to stream (a large one). */
export interface Variant extends VariantMeta {
  content: Buffer | StoredFile;
}

interface CachedVariant extends VariantMeta {
  content: Buffer;
}

const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const MAX_CACHED_FILE_BYTES = 1024 * 1024;

const cache = new Map<string, CachedVariant>();
let cachedBytes = 0;
/** Bumped on every eviction by key, so a read that raced a delete is not cached. */
let forgetCount = 0;

/** The variant if it is in memory: the media answer's hot path, without a promise. */
export function cachedVariant(key: string, file: string): Variant | undefined {
  const id = `${key}/${file}`;
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
  }
  return hit;
}

/** The variant from memory, or opened in the store (kept in memory when small); undefined when it does not exist. */
export async function loadVariant(key: string, file: string): Promise<Variant | undefined> {
  const hit = cachedVariant(key, file);
  if (hit) return hit;
  const id = `${key}/${file}`;
  const forgetsBefore = forgetCount;
  const stored = await photoStore().get(key, file);
  if (!stored) return undefined;
  const meta = {
    type: variantType(file)!,
    // The weak size-mtime tag Express's `sendFile` gives.
    etag: `W/"${stored.size.toString(16)}-${Math.floor(stored.lastModified.getTime()).toString(16)}"`,
    lastModified: stored.lastModified.toUTCString(),
    size: stored.size,
  };
  if (stored.size > MAX_CACHED_FILE_BYTES) return { ...meta, content: stored };
  const variant = { ...meta, content: await buffer(stored.stream()) };
  if (forgetsBefore === forgetCount) remember(id, variant);
  return variant;
}

function remember(id: string, variant: CachedVariant): void {
  cache.set(id, variant);
  cachedBytes += variant.size;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= MAX_CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.size;
  }
}

/** Drops a deleted image's variants, so they stop being served at once. */
export function forgetVariants(key: string): void {
  forgetCount++;
  for (const [id, variant] of cache) {
    if (id.startsWith(`${key}/`)) {
      cache.delete(id);
      cachedBytes -= variant.size;
    }
  }
}
