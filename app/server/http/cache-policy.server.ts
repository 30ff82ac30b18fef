import crypto from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import onHeaders from "on-headers";
import { dataVersion } from "~/server/data/data-version.server";

/** An answer that never changes under its URL (a built file's hashed name, a stored variant's key): kept a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * A stored file only some may have (a hidden photo's, a link's proof): the browser alone keeps it, for a minute, so
 * that hiding a photo or ending a link ends its media within a minute for a copied address too.
 */
export const PRIVATE_MEDIA_CACHE_CONTROL = "private, max-age=60";

/** For answers that depend on the admin's cookie or token: no cache, shared or the browser's, keeps them. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * An owner's page's `headers`: never stored, and the loader's Set-Cookie
 * passed on (a notice shown once after a form's redirect is read and cleared
 * by the loader).
 */
export function privatePageHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
}

/**
 * Anonymous public answers: a CDN or caching proxy in front may keep them 10 s
 * and then serve its copy up to a minute more while it asks again; a browser
 * asks every time (max-age=0), cheaply, with the ETag.
 */
export const SHARED_MAX_AGE_S = 10;
export const STALE_WHILE_REVALIDATE_S = 60;
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;

/**
 * A new run may be a new build (other HTML for the same data) or a restored
 * database (a data version counted again): an ETag from one run never matches another's.
 */
const RUN = crypto.randomBytes(6).toString("hex");
const SHAREABLE_STATUS = new Set([200, 404]);

/**
 * A request that may be the admin's. Only the session cookie and the bearer
 * token authenticate, but any cookie counts: a stray cookie costs its visitor
 * some caching, and an answer to the admin is never shared.
 */
export function carriesCredentials(headers: Headers | IncomingHttpHeaders): boolean {
  if (headers instanceof Headers) return Boolean(headers.get("cookie") || headers.get("authorization"));
  return Boolean(headers.cookie || headers.authorization);
}

/**
 * The Cache-Control of a file the fast path answers itself (a built file, a stored variant), which the policy below
 * does not see: an immutable one keeps its year in the browser, and is `private` when the request carries
 * credentials, as the policy makes any other; a hidden photo's or a proof's stays as it is.
 */
export function fileCacheControl(cacheControl: string, headers: IncomingHttpHeaders): string {
  return carriesCredentials(headers) && IMMUTABLE.test(cacheControl)
    ? cacheControl.replace(/\bpublic\b/, "private")
    : cacheControl;
}

const IMMUTABLE = /\bimmutable\b/;

function addVaryCookie(res: ServerResponse): void {
  const vary = String(res.getHeader("vary") ?? "");
  if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Cookie` : "Cookie");
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

/**
 * The one caching policy for every response, set as its headers go out (the
 * fast path registers it, so cached pages and rendered ones alike), see
 * docs/decisions/010-shared-caching.md:
 * - immutable answers (media variants, built assets) keep their year in
 *   the browser, and are `private` when the request carries credentials;
 * - a hidden photo's media and a link's proofs (PRIVATE_MEDIA_CACHE_CONTROL)
 *   keep their minute in the browser and their file's ETag, cookie or not:
 *   a client's album scrolled back is not fetched again;
 * - any answer to a request with a cookie or an Authorization header, and
 *   any answer that sets a cookie, is `private, no-store`, whatever the URL;
 * - an anonymous 200 or 404 to GET or HEAD whose route did not forbid caching
 *   gets SHARED_CACHE_CONTROL and an ETag of the data version, and a
 *   revalidation that matches it gets 304 without the body.
 * Answers that vary by visitor also vary by Cookie, so no cache mixes them up.
 */
export function applyCachePolicy(req: IncomingMessage, res: ServerResponse): void {
  onHeaders(res, () => {
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    if (cacheControl === PRIVATE_MEDIA_CACHE_CONTROL) return;
    if (IMMUTABLE.test(cacheControl)) {
      res.setHeader("Cache-Control", fileCacheControl(cacheControl, req.headers));
      return;
    }
    addVaryCookie(res);
    if (carriesCredentials(req.headers) || res.hasHeader("set-cookie")) {
      res.setHeader("Cache-Control", PRIVATE_NO_STORE);
      res.removeHeader("ETag");
      return;
    }
    const read = req.method === "GET" || req.method === "HEAD";
    if (!read || !SHAREABLE_STATUS.has(res.statusCode) || /no-store|no-cache|private/.test(cacheControl)) return;
    const etag = `W/"${RUN}-${dataVersion()}"`;
    res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
    res.setHeader("ETag", etag);
    if (res.statusCode === 200 && matchesEtag(req.headers["if-none-match"], etag)) {
      // Node sends no body with a 304, whatever is written after. The cache keeps its copy and takes the
      // 304's headers: a new Content-Security-Policy would carry this render's nonce, not the copy's,
      // and block the copy's scripts, so the copy keeps its own.
      res.statusCode = 304;
      for (const name of ["Content-Length", "Content-Type", "Content-Encoding", "Content-Security-Policy"]) {
        res.removeHeader(name);
      }
    }
  });
}
