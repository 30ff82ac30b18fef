import type { IncomingMessage } from "node:http";
import { config } from "./config.server";
import { isSecure } from "./headers.server";

/**
 * The origin every absolute URL in an answer is built from (og tags, sitemap,
 * robots.txt): PUBLIC_URL when set, else the one this request was sent to.
 * The page cache keys on it, so a forged Host only ever reaches its sender.
 */
export function siteOrigin(request: Request | IncomingMessage): string {
  return config().publicUrl ?? (request instanceof Request ? new URL(request.url).origin : requestOrigin(request));
}

function firstValue(header: string | string[] | undefined): string | undefined {
  return (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim() || undefined;
}

/**
 * The origin a raw request was sent to, read as Express reads it (X-Forwarded-*
 * only behind a trusted proxy), for renders made before Express builds a Request.
 */
export function requestOrigin(req: IncomingMessage): string {
  const protocol = isSecure(req) ? "https" : "http";
  const host = (config().trustProxy > 0 ? firstValue(req.headers["x-forwarded-host"]) : undefined) ?? req.headers.host;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return `${protocol}://localhost`;
  }
}
