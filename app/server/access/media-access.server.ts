/**
 * Which requests may have a stored photo's variants (media.server.ts asks on
 * every request, before its memory cache): a public photo's go to anyone and
 * may be kept a year; a hidden photo's only to a request that may see it, and
 * kept by nobody but that browser for a minute, so that hiding a photo ends
 * its media at once for the site and within a minute for copied URLs. A
 * hidden project card's media are the owner's alone in the same way. A
 * link's watermarked proofs have their own gate (proofs/proof-media.server.ts).
 *
 * Every answer is kept under the access version (docs/decisions/090-access-caches.md): a public photo's costs one
 * read of the version and a lookup, a hidden one's the same once its viewer's albums were asked about it.
 */
import type { IncomingMessage } from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { accessVersion } from "~/server/data/data-version.server";
import { images, projects, siteSettings } from "~/server/data/schema";
import { VersionedCache } from "~/server/data/versioned-cache.server";
import { incomingAccess, unmarkedAccess, type Access } from "./access.server";
import { photoOpen } from "./visibility-sql.server";
import { MEDIA_CACHE_CONTROL } from "~/server/http/media.server";
import { PRIVATE_MEDIA_CACHE_CONTROL } from "~/server/http/cache-policy.server";

/** Whose a stored key's files are: anyone's, a hidden photo's (its viewers'), a hidden project's (the owner's), nobody's. */
type Keeper = "public" | "hidden photo" | "hidden project" | "none";

/** Enough for every photo of a large site; each entry is a key and a word. */
const keepers = new VersionedCache<Keeper>(100_000);
/** Whether a hidden photo is open to an access, by the albums it opens and the photo's key. */
const openings = new VersionedCache<boolean>(100_000);

/** The media gate (media.server.ts) for a photo's own files: the Cache-Control to answer with, or undefined for "no such file". */
export async function mediaGate(req: IncomingMessage, storageKey: string): Promise<string | undefined> {
  const keeper = keepers.getOr(accessVersion(), storageKey, () => keeperOf(storageKey));
  if (keeper === "public") return MEDIA_CACHE_CONTROL;
  if (keeper === "none") return undefined;
  const access = await incomingAccess(req);
  if (keeper === "hidden project") return access.owner ? PRIVATE_MEDIA_CACHE_CONTROL : undefined;
  // A link with a watermark opens its album's marked proofs only (record 088), never these files.
  return hiddenPhotoOpen(unmarkedAccess(access), storageKey) ? PRIVATE_MEDIA_CACHE_CONTROL : undefined;
}

function keeperOf(storageKey: string): Keeper {
  const row = db()
    .select({ visibility: images.visibility })
    .from(images)
    .where(eq(images.storageKey, storageKey))
    .get();
  // No photo: the site's own files (portrait, CV, project media); else a photo being stored
  // (nobody has its address yet) or one deleted.
  if (row) return row.visibility === "public" ? "public" : "hidden photo";
  return siteContentKeeper(storageKey);
}

/** The same answer for every access that opens the same albums, so it is kept by those albums, not by visitor. */
function hiddenPhotoOpen(access: Access, storageKey: string): boolean {
  if (access.owner) return true;
  const key = `${access.albumGrants.map((grant) => grant.albumId).join(",")} ${storageKey}`;
  return openings.getOr(
    accessVersion(),
    key,
    () =>
      db()
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.storageKey, storageKey), photoOpen(access)))
        .get() !== undefined,
  );
}

/**
 * A key the site's settings (portrait, CV) or a project card's media keep (both tables hold a handful of rows):
 * public, but for a hidden project's, which only the owner (previewing it in the admin) is given.
 */
function siteContentKeeper(storageKey: string): Keeper {
  const setting = db()
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(sql`json_extract(${siteSettings.value}, '$.stored.key') = ${storageKey}`)
    .get();
  if (setting) return "public";
  const project = db()
    .select({ hidden: projects.hidden })
    .from(projects)
    .where(sql`json_extract(${projects.media}, '$.key') = ${storageKey}`)
    .get();
  if (!project) return "none";
  return project.hidden ? "hidden project" : "public";
}
