import type Database from "better-sqlite3";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";
import { carriesCredentials } from "./cache-policy.server";
import { db } from "./db.server";
import { isSecure, newNonce, securityHeaders } from "./headers.server";
import { requestOrigin, siteOrigin } from "./site-origin.server";

/**
 * Public pages whose HTML depends only on the site's origin, the URL and the
 * database. Rendering them is most of a visit's server time, so an anonymous
 * visitor (no cookie, no Authorization) gets the last render for the same
 * origin and URL with this response's own nonce put in. A page that starts to
 * vary per request in another way (random picks, request headers) must leave
 * this list.
 */
const CACHED_PAGES = new Set(["/photography"]);
const MAX_ENTRIES = 200;
/** Bounds how long anything time-dependent in a page can lag. */
const MAX_AGE_MS = 30_000;
/** As the compression middleware: smaller bodies are not worth it. */
const COMPRESS_FROM_BYTES = 1024;

interface CachedPage {
  version: string;
  storedAt: number;
  headers: [string, string][];
  /** The HTML split where the render's nonce was, to be joined with each response's. */
  parts: string[];
}

const pages = new Map<string, CachedPage>();
const statements = new WeakMap<Database.Database, Database.Statement>();
const gzip = promisify(zlib.gzip);

/**
 * Changes whenever the database may have changed: `total_changes()` counts this
 * connection's writes, `data_version` moves on commits by other processes
 * (`npm run seed`), so a cached page is never older than the data.
 */
function dataVersion(): string {
  const sqlite = db().$client;
  let statement = statements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare("SELECT total_changes() || ':' || data_version FROM pragma_data_version").pluck();
    statements.set(sqlite, statement);
  }
  return String(statement.get());
}

function cacheable(req: IncomingMessage, pathname: string): boolean {
  return (req.method === "GET" || req.method === "HEAD") && CACHED_PAGES.has(pathname) && !carriesCredentials(req.headers);
}

/** The page shows absolute URLs on the site's origin, which without PUBLIC_URL comes from the request's Host. */
function cacheKey(req: IncomingMessage, url: string): string {
  return siteOrigin(req) + url;
}

function freshPage(key: string, version: string): CachedPage | undefined {
  const page = pages.get(key);
  return page && page.version === version && Date.now() - page.storedAt <= MAX_AGE_MS ? page : undefined;
}

/**
 * Answers a cached page straight from the plain Node server, before Express
 * (gzipped for clients that take it, as the compression middleware would).
 * A miss goes to `next`, where `pageCache` renders and stores it.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  if (pages.size === 0 || !cacheable(req, query === -1 ? url : url.slice(0, query))) return next();
  let page: CachedPage | undefined;
  try {
    page = freshPage(cacheKey(req, url), dataVersion());
  } catch {
    return next();
  }
  if (!page) return next();
  const nonce = newNonce();
  const html = Buffer.from(page.parts.join(nonce));
  const { vary, ...stored } = Object.fromEntries(page.headers);
  const headers: Record<string, string | number> = {
    ...stored,
    ...securityHeaders({ nonce, secure: isSecure(req) }),
    Vary: vary ? `${vary}, Accept-Encoding` : "Accept-Encoding",
  };
  const send = (body: Buffer, encoding?: string) => {
    res.writeHead(200, { ...headers, ...(encoding ? { "Content-Encoding": encoding } : {}), "Content-Length": body.length });
    res.end(req.method === "HEAD" ? undefined : body);
  };
  if (html.length < COMPRESS_FROM_BYTES || !/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) return send(html);
  gzip(html).then((body) => send(body, "gzip"), () => send(html));
}

/** Express middleware in front of React Router's handler (production builds): renders a cacheable page once per data version. */
export function pageCache(build: ServerBuild, clientIp: (req: ExpressRequest) => string) {
  const render = createRequestHandler(build, "production");

  async function renderPage(req: ExpressRequest, version: string): Promise<CachedPage | undefined> {
    const nonce = newNonce();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    // Built as `serveCachedPage` reads the origin, so the page matches its key.
    const url = new URL(req.originalUrl, requestOrigin(req));
    const response = await render(new Request(url, { headers }), { nonce, clientIp: clientIp(req) });
    const type = response.headers.get("content-type") ?? "";
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie") || /no-store|private/.test(cacheControl)) {
      await response.body?.cancel();
      return undefined;
    }
    return {
      version,
      storedAt: Date.now(),
      headers: [...response.headers].filter(([name]) => name !== "content-length"),
      parts: (await response.text()).split(nonce),
    };
  }

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> => {
    if (!cacheable(req, req.path)) return next();
    try {
      const key = cacheKey(req, req.originalUrl);
      const version = dataVersion();
      let page = freshPage(key, version);
      if (!page) {
        page = await renderPage(req, version);
        if (!page) return next();
        pages.delete(key);
        pages.set(key, page);
        if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
      }
      const body = Buffer.from(page.parts.join(String(res.locals.nonce)));
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.setHeader("Content-Length", body.length);
      res.status(200).end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
