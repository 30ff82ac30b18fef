import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { config } from "./config.server";

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

/** Express's `req.secure` with `trust proxy` set to a hop count, for answers given before Express. */
export function isSecure(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (config().trustProxy === 0) return false;
  const forwarded = req.headers["x-forwarded-proto"];
  return (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() === "https";
}
