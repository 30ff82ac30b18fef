/**
 * Which requests may have a stored photo's variants (media.server.ts asks on
 * every request, before its memory cache): a public photo's go to anyone and
 * may be kept a year; a hidden photo's only to a request that may see it, and
 * kept by nobody but that browser for a minute, so that hiding a photo ends
 * its media at once for the site and within a minute for copied URLs. A
 * hidden project card's media are the owner's alone in the same way. A
 * link's watermarked proofs have their own gate (proofs/proof-media.server.ts).
 */
import type { IncomingMessage } from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { images, projects, siteSettings } from "~/server/data/schema";
import { requestAccess, unmarkedAccess } from "./access.server";
import { photoOpen } from "./visibility-sql.server";
import { MEDIA_CACHE_CONTROL } from "~/server/http/media.server";
import { PRIVATE_MEDIA_CACHE_CONTROL } from "~/server/http/cache-policy.server";

/** The request's headers as a Fetch Request, which is what the session lookup reads. */
export function asFetchRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(new URL(req.url ?? "/", "http://media.invalid"), { headers });
}

/** The media gate (media.server.ts) for a photo's own files: the Cache-Control to answer with, or undefined for "no such file". */
export async function mediaGate(req: IncomingMessage, storageKey: string): Promise<string | undefined> {
  const row = db()
    .select({ visibility: images.visibility })
    .from(images)
    .where(eq(images.storageKey, storageKey))
    .get();
  // No photo: the site's own files (portrait, CV, project media); else a photo being stored
  // (nobody has its address yet) or one deleted.
  if (!row) return siteContentGate(req, storageKey);
  if (row.visibility === "public") return MEDIA_CACHE_CONTROL;
  // A link with a watermark opens its album's marked proofs only (record 088), never these files.
  const access = unmarkedAccess(await requestAccess(asFetchRequest(req)));
  const open = db()
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.storageKey, storageKey), photoOpen(access)))
    .get();
  return open ? PRIVATE_MEDIA_CACHE_CONTROL : undefined;
}

/**
 * A key the site's settings (portrait, CV) or a project card's media keep (both tables hold a handful of rows):
 * public, but for a hidden project's, which only the owner (previewing it in the admin) is given.
 */
async function siteContentGate(req: IncomingMessage, storageKey: string): Promise<string | undefined> {
  const setting = db()
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(sql`json_extract(${siteSettings.value}, '$.stored.key') = ${storageKey}`)
    .get();
  if (setting) return MEDIA_CACHE_CONTROL;
  const project = db()
    .select({ hidden: projects.hidden })
    .from(projects)
    .where(sql`json_extract(${projects.media}, '$.key') = ${storageKey}`)
    .get();
  if (!project) return undefined;
  if (!project.hidden) return MEDIA_CACHE_CONTROL;
  return (await requestAccess(asFetchRequest(req))).owner ? PRIVATE_MEDIA_CACHE_CONTROL : undefined;
}
