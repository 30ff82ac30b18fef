import crypto from "node:crypto";
import { config } from "~/server/core/config.server";

/**
 * Scripts need this response's nonce (none run from a file that is not a page); styles may be inline (style
 * attributes for aspect ratios and placeholders); images and videos may come from MEDIA_BASE_URL.
 */
function contentSecurityPolicy(nonce: string | undefined): string {
  const { mediaBaseUrl } = config();
  // Project videos are stored beside the variants, so they come from there too.
  const mediaOrigin = mediaBaseUrl ? ` ${new URL(mediaBaseUrl).origin}` : "";
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin}`,
    `media-src 'self'${mediaOrigin}`,
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Vite's development client injects inline scripts, so the policy applies to builds only.
 * `import.meta.env` exists only where Vite loads or builds the module: under tsx (the
 * benchmarks) it is undefined, and a module they reach must not fail on it.
 */
const withPolicy = !import.meta.env?.DEV;

export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** The headers every response carries (pages, API, errors); `nonce` is the response's own. */
export function securityHeaders(nonce: string | undefined, secure: boolean): Record<string, string> {
  return {
    ...(withPolicy ? { "Content-Security-Policy": contentSecurityPolicy(nonce) } : {}),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const fileHeaders = new Map<boolean, [string, string][]>();

/**
 * The security headers of a stored or built file (a variant, a video, a script): the same for every answer, with a
 * policy that lets no script run, so they are made once. A nonce of their own cost a tenth of the media answer's time.
 */
export function fileSecurityHeaders(secure: boolean): [string, string][] {
  let headers = fileHeaders.get(secure);
  if (!headers) {
    headers = Object.entries(securityHeaders(undefined, secure));
    fileHeaders.set(secure, headers);
  }
  return headers;
}
