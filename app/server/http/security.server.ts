import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Any origin: only the path, query and fragment of a target are kept. */
const BASE = "http://site.invalid";

/**
 * Only same-site-relative paths: `//evil`, `/\evil`, `javascript:` and full
 * URLs all become the fallback. The result is percent-encoded as a URL
 * serialises it, so it can go in a Location header (which takes no characters
 * beyond Latin-1: `/\u3000/` would throw) and means what it meant before.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  // Browsers treat tabs and newlines inside URLs as absent; `/\t/evil` is `//evil`.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  const url = new URL(target, BASE);
  const path = url.pathname + url.search + url.hash;
  // Dot segments can leave `//` at the front (`/.//evil`): that would name another host.
  return url.origin === BASE && !path.startsWith("//") ? path : fallback;
}

/**
 * A browser always labels cross-site requests (Sec-Fetch-Site or Origin), so
 * an unsafe request is cross-site when either says it came from elsewhere.
 * `header` reads a request header; `origin` is the site's own, as the request addressed it.
 */
export function isCrossSite(
  method: string,
  header: (name: string) => string | null | undefined,
  origin: string,
): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = header("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const sender = header("origin");
  return Boolean(sender) && sender !== origin;
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

export function assertSameOrigin(request: Request): void {
  if (isCrossSite(request.method, (name) => request.headers.get(name), new URL(request.url).origin)) {
    throw new HttpError(403, CROSS_SITE_MESSAGE);
  }
}

export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** Whether a cookie set in answer to `request` is marked Secure: COOKIE_SECURE, or `auto` for an HTTPS request. */
export function secureFor(request: Request): boolean {
  const setting = config().cookieSecure;
  return setting === "auto" ? isHttps(request) : setting;
}
