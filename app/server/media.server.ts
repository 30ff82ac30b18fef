import type { Request } from "express";
import fresh from "fresh";
import fsp from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { newNonce, securityHeaders } from "./headers.server";
import { imageDir, STORAGE_KEY_PATTERN, VARIANT_FILE_PATTERN } from "./storage.server";

interface Variant {
  body: Buffer;
  type: string;
  etag: string;
  lastModified: string;
}

/**
 * Variants never change (a changed image gets a new key), so the ones in
 * demand are kept in memory: a hit costs no stat, open, read or close. Least
 * recently used first out; files above the per-file limit are streamed from disk.
 */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const MAX_CACHED_FILE_BYTES = 1024 * 1024;
const TYPES: Record<string, string> = { webp: "image/webp", avif: "image/avif" };

const cache = new Map<string, Variant>();
let cachedBytes = 0;
/** Bumped on every eviction by key, so a read that raced a delete is not cached. */
let forgetCount = 0;

export function isVariantPath(key: string, file: string): boolean {
  return STORAGE_KEY_PATTERN.test(key) && VARIANT_FILE_PATTERN.test(file);
}

export function variantPath(key: string, file: string): string {
  return path.join(imageDir(key), file);
}

/**
 * The variant's bytes and headers; "large" when it is too big to keep in
 * memory (stream it from `variantPath`), undefined when it does not exist.
 */
async function loadVariant(key: string, file: string): Promise<Variant | "large" | undefined> {
  const id = `${key}/${file}`;
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const forgetsBefore = forgetCount;
  let variant: Variant;
  try {
    const handle = await fsp.open(variantPath(key, file));
    try {
      const stat = await handle.stat();
      if (stat.size > MAX_CACHED_FILE_BYTES) return "large";
      variant = {
        body: await handle.readFile(),
        type: TYPES[path.extname(file).slice(1)]!,
        // The weak size-mtime tag `sendFile` gives the large ones.
        etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
      };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (forgetsBefore === forgetCount) remember(id, variant);
  return variant;
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

/** As Express's `sendFile(…, { maxAge: "1y", immutable: true })` says it for the large ones. */
const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
const MEDIA_URL = /^\/media\/([^/?]+)\/([^/?]+)(?:\?.*)?$/;

/**
 * Part of the fast path (fast-path.server.ts): answers GET/HEAD of a variant
 * that fits in memory, 304 when the client's copy is fresh (as Express judges
 * it). Anything else (unknown, large, other methods) goes to `next`, where
 * Express's `/media` route streams it or answers 404 with the same headers.
 */
export function serveMedia(req: Request, res: ServerResponse, next: () => void): void {
  const match = req.method === "GET" || req.method === "HEAD" ? MEDIA_URL.exec(req.url) : null;
  if (!match || !isVariantPath(match[1]!, match[2]!)) return next();
  loadVariant(match[1]!, match[2]!).then(
    (variant) => {
      if (!variant || variant === "large") return next();
      const headers = {
        ...securityHeaders(newNonce(), req.secure),
        "Content-Type": variant.type,
        "Cache-Control": MEDIA_CACHE_CONTROL,
        ETag: variant.etag,
        "Last-Modified": variant.lastModified,
      };
      if (fresh(req.headers, { etag: variant.etag, "last-modified": variant.lastModified })) {
        res.writeHead(304, headers).end();
        return;
      }
      // Node sends no body in answer to HEAD.
      res.writeHead(200, { ...headers, "Content-Length": variant.body.length }).end(variant.body);
    },
    () => next(),
  );
}
