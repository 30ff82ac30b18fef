import crypto from "node:crypto";
import { config } from "~/server/core/config.server";

/**
 * Scripts need this response's nonce; styles may be inline (style attributes
 * for aspect ratios and placeholders); images and videos may come from MEDIA_BASE_URL.
 */
function contentSecurityPolicy(nonce: string): string {
  const { mediaBaseUrl } = config();
  // Project videos are stored beside the variants, so they come from there too.
  const mediaOrigin = mediaBaseUrl ? ` ${new URL(mediaBaseUrl).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

/** The headers every response carries (pages, API, media); `nonce` is the response's own. */
export function securityHeaders(nonce: string, secure: boolean): Record<string, string> {
  return {
    ...(withPolicy ? { "Content-Security-Policy": contentSecurityPolicy(nonce) } : {}),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
