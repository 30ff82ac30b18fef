import type { Request } from "express";
import fresh from "fresh";
import type { ServerResponse } from "node:http";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileCacheControl, IMMUTABLE_CACHE_CONTROL } from "./cache-policy.server";
import { fileSecurityHeaders, newNonce, securityHeaders } from "./headers.server";
import { HttpError } from "~/server/core/http-error.server";
import { STORAGE_KEY_PATTERN, VARIANT_FILE_PATTERN, VIDEO_FILE_PATTERN } from "~/server/storage/photo-store.server";
import { storageUnavailable } from "~/server/storage/storage.server";
import { cachedVariant, loadVariant, type Variant, type VariantMeta } from "~/server/storage/variant-cache.server";

/** A photo's variant marked for share link `linkId` with the mark `stamp` fingerprints (record 088), beside its own files. */
export const PROOF_FILE_PATTERN = /^p(\d{1,12})-([0-9a-f]{12})-w(\d{1,5})\.webp$/;

export function proofFile(linkId: number, stamp: string, width: number): string {
  return `p${linkId}-${stamp}-w${width}.webp`;
}

function isVariantPath(key: string, file: string): boolean {
  return (
    STORAGE_KEY_PATTERN.test(key) &&
    (VARIANT_FILE_PATTERN.test(file) || VIDEO_FILE_PATTERN.test(file) || PROOF_FILE_PATTERN.test(file))
  );
}

/**
 * The one byte range a video request asks for (browsers seek and probe with
 * ranges); undefined for the whole file (no Range, several ranges, a stale
 * If-Range, or a malformed header, which RFC 9110 says to ignore).
 */
function videoRange(req: Request, variant: VariantMeta): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!req.headers.range) return undefined;
  const ifRange = req.headers["if-range"];
  if (ifRange && ifRange !== variant.etag && ifRange !== variant.lastModified) return undefined;
  const ranges = req.range(variant.size, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges === undefined || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  return ranges[0];
}

/** Passes on only the bytes `start`..`end` (inclusive) of the stream: the stores read whole files. */
function byteSlice({ start, end }: { start: number; end: number }): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end + 1 - offset);
      offset += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

export const MEDIA_CACHE_CONTROL = IMMUTABLE_CACHE_CONTROL;

/**
 * Who may have a stored photo's variants (access/media-access.server.ts and,
 * for proofs, proofs/proof-media.server.ts, handed in by the app so this floor
 * stays below the access rules): the Cache-Control to answer with and, when
 * the file is not the store's own, how to load it; undefined to answer as a
 * missing file.
 */
export type MediaGate = (req: Request, storageKey: string, file: string) => Promise<MediaPass | undefined>;

export interface MediaPass {
  cacheControl: string;
  load?: () => Promise<Variant | undefined>;
}

const MEDIA_URL = /^\/media\/([^/?]+)\/([^/?]+)(?:\?.*)?$/;

/**
 * A variant's response headers, flat as `writeHead` takes them, for each Cache-Control and scheme it was answered
 * with: they are the same for every answer of the variant, so each is made once.
 */
const answerHeaders = new WeakMap<VariantMeta, Map<string, string[]>>();

function headersOf(variant: VariantMeta, cacheControl: string, secure: boolean): string[] {
  let byKind = answerHeaders.get(variant);
  if (!byKind) {
    byKind = new Map();
    answerHeaders.set(variant, byKind);
  }
  const kind = `${secure} ${cacheControl}`;
  let headers = byKind.get(kind);
  if (!headers) {
    headers = [
      ...fileSecurityHeaders(secure),
      ["Content-Type", variant.type],
      ["Cache-Control", cacheControl],
      ["ETag", variant.etag],
      ["Last-Modified", variant.lastModified],
    ].flat();
    byKind.set(kind, headers);
  }
  return headers;
}

/**
 * Part of the fast path (fast-path.server.ts): answers GET/HEAD of a stored
 * variant the gate lets the request have, from memory or streamed from the store, 304 when the client's copy
 * is fresh (as Express judges it), 503 when the store is out of reach. It sets its own Cache-Control
 * (`fileCacheControl`): the caching policy's hook costs more than the rest of a small variant's answer.
 * Anything else (unknown files, other methods) goes to `next`, where
 * Express's `/media` route answers 404.
 */
export function serveMedia(req: Request, res: ServerResponse, gate: MediaGate, next: () => void): void {
  const match = req.method === "GET" || req.method === "HEAD" ? MEDIA_URL.exec(req.url) : null;
  if (!match || !isVariantPath(match[1]!, match[2]!)) return next();
  const [key, file] = [match[1]!, match[2]!];
  // Asked on every request, before the memory cache: a photo hidden since is refused at once.
  gate(req, key, file)
    .then((pass) => {
      if (pass === undefined) return undefined;
      const variant = pass.load ? pass.load() : (cachedVariant(key, file) ?? loadVariant(key, file));
      return variant instanceof Promise ? variant.then((loaded) => ({ pass, variant: loaded })) : { pass, variant };
    })
    .then(
      (allowed) => {
        if (!allowed?.variant) return next();
        answer(req, res, allowed.variant, fileCacheControl(allowed.pass.cacheControl, req.headers), file);
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

function answer(req: Request, res: ServerResponse, variant: Variant, cacheControl: string, file: string): void {
  const headers = headersOf(variant, cacheControl, req.secure);
  const { content } = variant;
  const stored = Buffer.isBuffer(content) ? undefined : content;
  if (
    (req.headers["if-none-match"] || req.headers["if-modified-since"]) &&
    fresh(req.headers, { etag: variant.etag, "last-modified": variant.lastModified })
  ) {
    stored?.discard();
    res.writeHead(304, headers).end();
    return;
  }
  const video = VIDEO_FILE_PATTERN.test(file);
  const range = video ? videoRange(req, variant) : undefined;
  if (range === "unsatisfiable") {
    stored?.discard();
    res.writeHead(416, [...headers, "Content-Range", `bytes */${variant.size}`]).end();
    return;
  }
  if (range) {
    const { start, end } = range;
    res.writeHead(206, [
      ...headers,
      "Accept-Ranges",
      "bytes",
      "Content-Range",
      `bytes ${start}-${end}/${variant.size}`,
      "Content-Length",
      String(end - start + 1),
    ]);
  } else {
    res.writeHead(
      200,
      video
        ? [...headers, "Accept-Ranges", "bytes", "Content-Length", String(variant.size)]
        : [...headers, "Content-Length", String(variant.size)],
    );
  }
  // Node sends no body in answer to HEAD, whatever is written.
  if (!stored) res.end(range ? (content as Buffer).subarray(range.start, range.end + 1) : content);
  else if (req.method === "HEAD") {
    stored.discard();
    res.end();
  } else if (range) pipeline(stored.stream(), byteSlice(range), res).catch(() => res.destroy());
  else pipeline(stored.stream(), res).catch(() => res.destroy());
}
