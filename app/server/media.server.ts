import type { Request } from "express";
import fresh from "fresh";
import type { ServerResponse } from "node:http";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { newNonce, securityHeaders } from "./headers.server";
import { HttpError } from "./http.server";
import { STORAGE_KEY_PATTERN, VARIANT_FILE_PATTERN, variantType, type StoredFile } from "./photo-store.server";
import { photoStore, storageUnavailable } from "./storage.server";

interface Variant {
  body: Buffer;
  type: string;
  etag: string;
  lastModified: string;
}

/**
 * Variants never change (a changed image gets a new key), so the ones in
 * demand are kept in memory: a hit costs no call to the store. Least recently
 * used first out; files above the per-file limit are streamed from the store.
 */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const MAX_CACHED_FILE_BYTES = 1024 * 1024;

const cache = new Map<string, Variant>();
let cachedBytes = 0;
/** Bumped on every eviction by key, so a read that raced a delete is not cached. */
let forgetCount = 0;

function isVariantPath(key: string, file: string): boolean {
  return STORAGE_KEY_PATTERN.test(key) && VARIANT_FILE_PATTERN.test(file);
}

type Loaded = { cached: Variant } | { large: StoredFile; headers: Omit<Variant, "body"> } | undefined;

/** The variant from memory, or opened in the store (kept in memory when small); undefined when it does not exist. */
async function loadVariant(key: string, file: string): Promise<Loaded> {
  const id = `${key}/${file}`;
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return { cached: hit };
  }
  const forgetsBefore = forgetCount;
  const stored = await photoStore().get(key, file);
  if (!stored) return undefined;
  const headers = {
    type: variantType(file)!,
    // The weak size-mtime tag Express's `sendFile` gives.
    etag: `W/"${stored.size.toString(16)}-${Math.floor(stored.lastModified.getTime()).toString(16)}"`,
    lastModified: stored.lastModified.toUTCString(),
  };
  if (stored.size > MAX_CACHED_FILE_BYTES) return { large: stored, headers };
  const variant = { ...headers, body: await buffer(stored.stream()) };
  if (forgetsBefore === forgetCount) remember(id, variant);
  return { cached: variant };
}

function remember(id: string, variant: Variant): void {
  cache.set(id, variant);
  cachedBytes += variant.body.length;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= MAX_CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.body.length;
  }
}

/** Drops a deleted image's variants, so they stop being served at once. */
export function forgetVariants(key: string): void {
  forgetCount++;
  for (const [id, variant] of cache) {
    if (id.startsWith(`${key}/`)) {
      cache.delete(id);
      cachedBytes -= variant.body.length;
    }
  }
}

const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
const MEDIA_URL = /^\/media\/([^/?]+)\/([^/?]+)(?:\?.*)?$/;

/**
 * Part of the fast path (fast-path.server.ts): answers GET/HEAD of a stored
 * variant, from memory or streamed from the store, 304 when the client's copy
 * is fresh (as Express judges it), 503 when the store is out of reach.
 * Anything else (unknown files, other methods) goes to `next`, where
 * Express's `/media` route answers 404.
 */
export function serveMedia(req: Request, res: ServerResponse, next: () => void): void {
  const match = req.method === "GET" || req.method === "HEAD" ? MEDIA_URL.exec(req.url) : null;
  if (!match || !isVariantPath(match[1]!, match[2]!)) return next();
  loadVariant(match[1]!, match[2]!).then(
    (loaded) => {
      if (!loaded) return next();
      const variant = "cached" in loaded ? loaded.cached : loaded.headers;
      const size = "cached" in loaded ? loaded.cached.body.length : loaded.large.size;
      const headers = {
        ...securityHeaders(newNonce(), req.secure),
        "Content-Type": variant.type,
        "Cache-Control": MEDIA_CACHE_CONTROL,
        ETag: variant.etag,
        "Last-Modified": variant.lastModified,
      };
      const fromCache = "cached" in loaded;
      if (fresh(req.headers, { etag: variant.etag, "last-modified": variant.lastModified })) {
        if (!fromCache) loaded.large.discard();
        res.writeHead(304, headers).end();
        return;
      }
      res.writeHead(200, { ...headers, "Content-Length": size });
      // Node sends no body in answer to HEAD.
      if (fromCache) res.end(loaded.cached.body);
      else if (req.method === "HEAD") {
        loaded.large.discard();
        res.end();
      } else {
        pipeline(loaded.large.stream(), res).catch(() => res.destroy());
      }
    },
    (error: unknown) => {
      const refusal = error instanceof HttpError ? error : storageUnavailable();
      res
        .writeHead(refusal.status, {
          ...securityHeaders(newNonce(), req.secure),
          "Content-Type": "application/json",
          "Cache-Control": "no-store",
          ...Object.fromEntries(new Headers(refusal.headers)),
        })
        .end(JSON.stringify({ message: refusal.message }));
    },
  );
}
