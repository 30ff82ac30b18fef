import crypto from "node:crypto";

/** Scripts need this response's nonce; styles may be inline (style attributes for aspect ratios and placeholders). */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers every response carries (pages, API, media). `policy` is false in
 * development, where Vite's client injects inline scripts.
 */
export function securityHeaders({ nonce, secure, policy = true }: { nonce: string; secure: boolean; policy?: boolean }): Record<string, string> {
  return {
    ...(policy ? { "Content-Security-Policy": contentSecurityPolicy(nonce) } : {}),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}
