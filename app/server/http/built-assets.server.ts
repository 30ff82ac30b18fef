import type { Request } from "express";
import fresh from "fresh";
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { fileCacheControl, IMMUTABLE_CACHE_CONTROL } from "./cache-policy.server";
import { fileSecurityHeaders } from "./headers.server";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};
/** The copies scripts/precompress-assets.mjs writes beside a file, best first. */
const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

interface Body {
  bytes: Buffer;
  etag: string;
}

interface Asset {
  type: string;
  lastModified: string;
  plain: Body;
  encoded: Map<string, Body>;
}

function readBody(file: string): { body: Body; mtime: Date } | undefined {
  try {
    const stat = fs.statSync(file);
    const bytes = fs.readFileSync(file);
    return { body: { bytes, etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"` }, mtime: stat.mtime };
  } catch {
    return undefined;
  }
}

function readAsset(dir: string, name: string): Asset | undefined {
  const type = TYPES[path.extname(name)];
  const plain = type && readBody(path.join(dir, name));
  if (!plain) return undefined;
  const encoded = new Map<string, Body>();
  for (const [encoding, suffix] of ENCODINGS) {
    const copy = readBody(path.join(dir, name + suffix));
    if (copy) encoded.set(encoding, copy.body);
  }
  return { type, lastModified: plain.mtime.toUTCString(), plain: plain.body, encoded };
}

const ASSET_URL = /^\/assets\/([\w-]+(?:\.[\w-]+)+)(?:\?.*)?$/;

/**
 * Part of the fast path (fast-path.server.ts), in production: the client build's scripts, styles, icons and fonts
 * from memory, each read at its first request with its Brotli and gzip copies, in the encoding the browser takes
 * best, 304 when its copy is fresh (record 062). Through Express's static files a script cost about 2 ms of CPU.
 * A byte range, another method or a name the build does not hold goes on to `next` (Express's static files).
 */
export function createBuiltAssets(dir: string) {
  // Read once: the build does not change while the server runs, and a name it lacks is never kept.
  const names = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const assets = new Map<string, Asset>();
  const load = (name: string): Asset | undefined => {
    if (!names.has(name)) return undefined;
    let asset = assets.get(name);
    if (!asset) {
      asset = readAsset(dir, name);
      if (asset) assets.set(name, asset);
    }
    return asset;
  };

  return (req: Request, res: ServerResponse, next: () => void): void => {
    const match = (req.method === "GET" || req.method === "HEAD") && !req.headers.range && ASSET_URL.exec(req.url);
    const asset = match ? load(match[1]!) : undefined;
    if (!asset) return next();
    // The smallest copy the browser takes at all: browsers list gzip first but take Brotli as well.
    const encoding = [...asset.encoded.keys()].find((name) => req.acceptsEncodings(name) === name);
    const body = encoding ? asset.encoded.get(encoding)! : asset.plain;
    const headers = {
      ...Object.fromEntries(fileSecurityHeaders(req.secure)),
      "Content-Type": asset.type,
      "Cache-Control": fileCacheControl(IMMUTABLE_CACHE_CONTROL, req.headers),
      ETag: body.etag,
      "Last-Modified": asset.lastModified,
      ...(asset.encoded.size ? { Vary: "Accept-Encoding" } : {}),
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    };
    if (fresh(req.headers, { etag: body.etag, "last-modified": asset.lastModified })) {
      res.writeHead(304, headers).end();
      return;
    }
    // Node sends no body in answer to HEAD, whatever is written.
    res.writeHead(200, { ...headers, "Content-Length": body.bytes.length }).end(body.bytes);
  };
}
