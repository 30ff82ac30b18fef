import type { IncomingHttpHeaders } from "node:http";

/** For answers that depend on the admin's cookie or token: no cache, shared or the browser's, keeps them. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * A request that may be the admin's. Only the session cookie and the bearer
 * token authenticate, but any cookie counts: a stray cookie costs its visitor
 * some caching, and a page rendered for the admin is never shared.
 */
export function carriesCredentials(headers: Headers | IncomingHttpHeaders): boolean {
  if (headers instanceof Headers) return Boolean(headers.get("cookie") || headers.get("authorization"));
  return Boolean(headers.cookie || headers.authorization);
}

/**
 * Every page and its data (`.data`) answers visitors and the admin at the same
 * URL: the admin's answer is `private, no-store`, and every answer varies by
 * Cookie so that no cache hands a visitor's copy to the admin or the reverse.
 * Anonymous answers keep whatever caching their route chose.
 */
export function applyPageCachePolicy(request: Request, headers: Headers): void {
  if (!/(^|,)\s*cookie\s*(,|$)/i.test(headers.get("vary") ?? "")) headers.append("Vary", "Cookie");
  if (carriesCredentials(request.headers)) headers.set("Cache-Control", PRIVATE_NO_STORE);
}
