import crypto from "node:crypto";
import type { Request, Response } from "express";

/** Scripts need this response's nonce; styles may be inline (style attributes for aspect ratios and placeholders). */
function contentSecurityPolicy(nonce: string): string {
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

/** Vite's development client injects inline scripts, so the policy applies to builds only. */
const withPolicy = !import.meta.env.DEV;

/**
 * Gives a response the headers every answer carries (pages, API, media), with
 * a nonce of its own, and returns the nonce for its scripts.
 */
export function setSecurityHeaders(req: Request, res: Response): string {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.set({
    ...(withPolicy ? { "Content-Security-Policy": contentSecurityPolicy(nonce) } : {}),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(req.secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  });
  return nonce;
}
