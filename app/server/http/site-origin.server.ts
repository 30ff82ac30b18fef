import { config } from "~/server/core/config.server";

/**
 * The origin every absolute URL in an answer is built from (og tags, sitemap,
 * robots.txt): PUBLIC_URL when set, else the one this request was sent to.
 */
export function siteOrigin(request: Request): string {
  return config().publicUrl ?? new URL(request.url).origin;
}
