import compression from "compression";
import type { Request } from "express";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { carriesCredentials } from "./cache-policy.server";
import { accessVersion, dataVersion } from "~/server/data/data-version.server";
import { newNonce, securityHeaders } from "./headers.server";

/**
 * Public pages whose HTML depends only on the site's origin (PUBLIC_URL, else
 * the address the request was sent to), the URL and the database. Rendering
 * them is most of a visit's server time, so an anonymous visitor (no cookie,
 * no Authorization) gets the last render for the same address and URL with
 * this response's own nonce put in. A page that starts to vary per request in
 * another way (random picks, request headers) must leave this list.
 */
const PUBLIC_PAGES = new Set(["/photography"]);
/**
 * The pages a signed-in owner or a share link's client opens most, the gallery and an album's page, are cached for
 * them too (docs/decisions/090-access-caches.md): by their exact Cookie and Authorization headers as well, so only the
 * same browser finds its render, under the access version (a revoked link, a sign-out, a favourite move it), and no
 * longer than their access holds.
 */
const CREDENTIALED_PAGES = /^\/photography(?:\/albums\/[^/]+)?$/;
const MAX_ENTRIES = 200;
/** Bounds how long anything time-dependent in a page can lag. */
const MAX_AGE_MS = 30_000;

interface CachedPage {
  version: string;
  /** When it must be rendered again (ms since the epoch): MAX_AGE_MS after the render, or when its viewer's access ends. */
  until: number;
  /** The headers React Router gave the render, and Vary (the security headers are each response's own). */
  headers: [string, string][];
  /**
   * The HTML's bytes split where the render's nonce was, to be joined with each
   * response's. Bytes, not strings: a page with any non-ASCII character is a
   * two-byte string in V8, and encoding 70 KB of it on every answer cost two
   * thirds of the cached page's throughput.
   */
  parts: Buffer[];
  /** The parts' total length. */
  bytes: number;
}

/**
 * Until when the access the render found for these headers holds, undefined when none is kept (the app gives
 * access.server.ts's `heldAccessUntil`, a floor above this one).
 */
export type AccessUntil = (headers: IncomingHttpHeaders) => number | undefined;

const pages = new Map<string, CachedPage>();
/** The compression middleware Express uses; it needs no more than Node's request and response. */
const compress = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function cacheable(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  return carriesCredentials(req.headers) ? CREDENTIALED_PAGES.test(req.path) : PUBLIC_PAGES.has(req.path);
}

/** What a cacheable page is kept under: the content version for anyone, with the access version for a credential. */
function versionFor(req: Request): string {
  return carriesCredentials(req.headers) ? accessVersion() : dataVersion();
}

/**
 * Everything React Router's adapter builds the render's URL from (protocol,
 * Host, X-Forwarded-Host, path and query), taken as sent: two requests with
 * the same key get the same page, so a forged Host only ever reaches its sender.
 * And the credentials, as sent: a signed-in owner's or a client's render only ever reaches the same browser.
 */
function pageKey(req: Request): string {
  const { host, cookie, authorization } = req.headers;
  return [req.protocol, host, req.headers["x-forwarded-host"], req.originalUrl ?? req.url, cookie, authorization].join(
    "\n",
  );
}

function freshPage(key: string, version: string): CachedPage | undefined {
  const page = pages.get(key);
  return page && page.version === version && Date.now() < page.until ? page : undefined;
}

/**
 * Part of the fast path (fast-path.server.ts): answers an anonymous visitor
 * from the cache, with the security headers and compression every page gets.
 * A miss goes to `next`, where Express renders the page and `pageRecorder`
 * keeps the render.
 */
export function serveCachedPage(req: Request, res: ServerResponse, next: () => void): void {
  if (pages.size === 0 || !cacheable(req)) return next();
  let page: CachedPage | undefined;
  try {
    page = freshPage(pageKey(req), versionFor(req));
  } catch {
    return next();
  }
  if (!page) return next();
  const nonce = newNonce();
  const nonceBytes = Buffer.from(nonce);
  const chunks = page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part]));
  const body = Buffer.concat(chunks, page.bytes + nonceBytes.length * (page.parts.length - 1));
  for (const [name, value] of [...page.headers, ...Object.entries(securityHeaders(nonce, req.secure))])
    res.setHeader(name, value);
  res.setHeader("Content-Length", body.length);
  const send = () => res.end(body);
  // The middleware costs a tenth of the throughput even when it has nothing to do.
  if (req.headers["accept-encoding"]) compress(req, res, send);
  else send();
}

/**
 * For the load context, before the loaders run: when this request's render
 * may be cached, the function the document renderer (entry.server.tsx) passes
 * its Response through. It keeps a copy of the HTML as it streams to the
 * client, unless the answer is not a plain public 200.
 */
export function pageRecorder(
  req: Request,
  nonce: string,
  heldAccessUntil: AccessUntil,
): ((response: Response) => Response) | undefined {
  if (req.method !== "GET" || !cacheable(req)) return undefined;
  const key = pageKey(req);
  const version = versionFor(req);
  return (response) => {
    const cacheControl = response.headers.get("cache-control") ?? "";
    // Read after the loaders, which asked for the access: none kept (another version since) keeps no page.
    const accessUntil = carriesCredentials(req.headers) ? heldAccessUntil(req.headers) : Infinity;
    if (
      response.status !== 200 ||
      !response.body ||
      response.headers.has("set-cookie") ||
      /no-store|private/.test(cacheControl) ||
      accessUntil === undefined
    )
      return response;
    const [toClient, toCache] = response.body.tee();
    const headers = new Headers(response.headers);
    // As the compression middleware marks every page, even when it sends one uncompressed.
    headers.append("Vary", "Accept-Encoding");
    new Response(toCache).text().then(
      (html) => {
        const parts = html.split(nonce).map((part) => Buffer.from(part));
        const bytes = parts.reduce((total, part) => total + part.length, 0);
        const until = Math.min(Date.now() + MAX_AGE_MS, accessUntil);
        remember(key, { version, until, headers: [...headers], parts, bytes });
      },
      () => {},
    );
    return new Response(toClient, response);
  };
}

function remember(key: string, page: CachedPage): void {
  pages.delete(key);
  pages.set(key, page);
  if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
}

/** In development a source edit can change any page. */
export function forgetPages(): void {
  pages.clear();
}
