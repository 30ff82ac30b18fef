import fsp from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { isSecure, newNonce, securityHeaders } from "./headers.server";
import { imageDir, STORAGE_KEY_PATTERN, VARIANT_FILE_PATTERN } from "./storage.server";

export interface Variant {
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

const MEDIA_URL = /^\/media\/([^/?]+)\/([^/?]+)(?:\?.*)?$/;
const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

function notModified(req: IncomingMessage, variant: Variant): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch) {
    const bare = variant.etag.replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === bare);
  }
  const ifModifiedSince = Date.parse(req.headers["if-modified-since"] ?? "");
  return !Number.isNaN(ifModifiedSince) && Date.parse(variant.lastModified) <= ifModifiedSince;
}

/**
 * Answers GET/HEAD of a variant that fits in memory straight from the plain
 * Node server, before Express: the media figure of the benchmark is mostly
 * router overhead otherwise. Anything else (unknown, large, other methods)
 * goes to `next`, i.e. Express.
 */
export function serveMedia(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const match = req.method === "GET" || req.method === "HEAD" ? MEDIA_URL.exec(req.url ?? "") : null;
  if (!match || !isVariantPath(match[1]!, match[2]!)) return next();
  loadVariant(match[1]!, match[2]!).then(
    (variant) => {
      if (!variant || variant === "large") return next();
      const headers = {
        ...securityHeaders({ nonce: newNonce(), secure: isSecure(req) }),
        "Content-Type": variant.type,
        "Cache-Control": MEDIA_CACHE_CONTROL,
        ETag: variant.etag,
        "Last-Modified": variant.lastModified,
      };
      if (notModified(req, variant)) {
        res.writeHead(304, headers).end();
        return;
      }
      res.writeHead(200, { ...headers, "Content-Length": variant.body.length });
      res.end(req.method === "HEAD" ? undefined : variant.body);
    },
    () => next(),
  );
}
