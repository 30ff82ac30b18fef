/**
 * A share link's watermarked proofs (record 088), as the media answer asks
 * for them: `/media/<photo key>/p<link>-<stamp>-w<width>.webp` goes to a
 * request that holds the link's live grant, with the mark `stamp` names, for
 * a photo of the link's album, and to the owner, who previews it. Each is drawn once, on its first request, and
 * kept in the photo store under a key of its own, named by a `proof_variants`
 * row; concurrent first requests share one drawing.
 */
import type { IncomingMessage } from "node:http";
import { buffer } from "node:stream/consumers";
import pLimit from "p-limit";
import { and, eq } from "drizzle-orm";
import fsp from "node:fs/promises";
import path from "node:path";
import { incomingAccess, type ProofMark } from "~/server/access/access.server";
import { mediaGate } from "~/server/access/media-access.server";
import { PRIVATE_MEDIA_CACHE_CONTROL } from "~/server/http/cache-policy.server";
import { db } from "~/server/data/db.server";
import { accessVersion } from "~/server/data/data-version.server";
import { VersionedCache } from "~/server/data/versioned-cache.server";
import { albumImages, images, proofVariants, shareLinks, type ImageRow } from "~/server/data/schema";
import { proofMark } from "~/server/access/grant-cookie.server";
import { PROOF_FILE_PATTERN, type MediaGate, type MediaPass } from "~/server/http/media.server";
import { newStorageKey } from "~/server/storage/photo-store.server";
import { storeFolder } from "~/server/storage/store-folder.server";
import { loadVariant, type Variant } from "~/server/storage/variant-cache.server";
import { logoForMarks } from "~/server/site/site-logo.server";
import { drawWatermark } from "./proof-render.server";

/** The gate for every stored file the media answer serves: proofs here, a photo's own files by the access rules. */
export const photoMediaGate: MediaGate = async (req, key, file) => {
  if (PROOF_FILE_PATTERN.test(file)) return proofGate(req, key, file);
  const cacheControl = await mediaGate(req, key);
  return cacheControl === undefined ? undefined : { cacheControl };
};

/** The mark and album of link `linkId` for the owner's preview (record 088), when `stamp` is its mark's. */
function ownersPreview(linkId: number, stamp: string): { albumId: number; mark: ProofMark } | undefined {
  const link = db()
    .select({ albumId: shareLinks.albumId, watermark: shareLinks.watermark })
    .from(shareLinks)
    .where(eq(shareLinks.id, linkId))
    .get();
  const mark = link?.watermark ? proofMark(linkId, link.watermark) : undefined;
  return mark?.stamp === stamp ? { albumId: link!.albumId, mark } : undefined;
}

async function proofGate(req: IncomingMessage, key: string, file: string): Promise<MediaPass | undefined> {
  const [, linkId, stamp, width] = PROOF_FILE_PATTERN.exec(file)!;
  const access = await incomingAccess(req);
  // The link's client, through its live grant; or the owner, previewing what the link shows.
  const grant = access.owner
    ? ownersPreview(Number(linkId), stamp!)
    : access.albumGrants.find((each) => each.linkId === Number(linkId) && each.mark?.stamp === stamp);
  if (!grant?.mark) return undefined;
  const row = albumPhoto(grant.albumId, key);
  if (!row?.variantWidths.includes(Number(width))) return undefined;
  const mark = grant.mark;
  return { cacheControl: PRIVATE_MEDIA_CACHE_CONTROL, load: () => proofVariant(row, mark, Number(width)) };
}

/** A proof's photo in its link's album, kept under the access version as the media gate's answers are (record 090). */
const albumPhotos = new VersionedCache<ImageRow | null>(100_000);

function albumPhoto(albumId: number, key: string): ImageRow | undefined {
  const row = albumPhotos.getOr(
    accessVersion(),
    `${albumId} ${key}`,
    () =>
      db()
        .select({ image: images })
        .from(albumImages)
        .innerJoin(images, eq(images.id, albumImages.imageId))
        .where(and(eq(albumImages.albumId, albumId), eq(images.storageKey, key)))
        .get()?.image ?? null,
  );
  return row ?? undefined;
}

/**
 * The key each proof drawn is stored under, once found: a proof's row leaves only with its link, mark, photo or logo,
 * each a change the access version counts (record 090); one not drawn yet is not kept.
 */
const storedProofs = new VersionedCache<string>(100_000);

const drawing = new Map<string, Promise<Variant | undefined>>();
/**
 * Proofs drawn at once: two, one per core here. A client's first page asks for two dozen together, and each drawing
 * holds a decoded variant (17 MB at 2560 px); unbounded, a few clients at once would spike the server's memory.
 */
const drawSlots = pLimit(2);

/** The photo's variant at `width` with the link's mark: the stored proof, or drawn and stored now. */
export async function proofVariant(row: ImageRow, mark: ProofMark, width: number): Promise<Variant | undefined> {
  const logo = mark.watermark.kind === "logo" ? await logoForMarks() : null;
  const id = `${mark.linkId}/${row.id}/${mark.stamp}/${width}/${logo?.key ?? ""}`;
  const version = accessVersion();
  const kept = storedProofs.get(version, id);
  const keptProof = kept === undefined ? undefined : await loadVariant(kept, variantFile(width));
  if (keptProof) return keptProof;
  const made = db()
    .select()
    .from(proofVariants)
    .where(
      and(
        eq(proofVariants.linkId, mark.linkId),
        eq(proofVariants.imageId, row.id),
        eq(proofVariants.stamp, mark.stamp),
        eq(proofVariants.width, width),
      ),
    )
    .get();
  if (made && made.logoKey === (logo?.key ?? null) && made.storageKey !== kept) {
    const stored = await loadVariant(made.storageKey, variantFile(width));
    if (stored) {
      storedProofs.set(version, id, made.storageKey);
      return stored;
    }
  }
  let pending = drawing.get(id);
  if (!pending) {
    pending = drawSlots(() => drawProof(row, mark, width, logo)).finally(() => drawing.delete(id));
    drawing.set(id, pending);
  }
  return pending;
}

const variantFile = (width: number) => `w${width}.webp`;

async function drawProof(
  row: ImageRow,
  mark: ProofMark,
  width: number,
  logo: Awaited<ReturnType<typeof logoForMarks>>,
): Promise<Variant | undefined> {
  // A logo mark made without a logo (removed since) shows the photo unmarked nowhere: nothing is served.
  if (mark.watermark.kind === "logo" && !logo) return undefined;
  const source = await loadVariant(row.storageKey, variantFile(width));
  if (!source) return undefined;
  const bytes = Buffer.isBuffer(source.content) ? source.content : await buffer(source.content.stream());
  const marked = await drawWatermark(bytes, mark.watermark, logo?.png ?? null);
  const key = newStorageKey();
  await storeFolder(key, async (dir) => {
    await fsp.writeFile(path.join(dir, variantFile(width)), marked);
    return () => {
      const same = and(
        eq(proofVariants.linkId, mark.linkId),
        eq(proofVariants.imageId, row.id),
        eq(proofVariants.stamp, mark.stamp),
        eq(proofVariants.width, width),
      );
      // The proof it replaces (drawn with an older logo, or by another process just now) leaves by the table's trigger.
      db().delete(proofVariants).where(same).run();
      db()
        .insert(proofVariants)
        .values({
          linkId: mark.linkId,
          imageId: row.id,
          stamp: mark.stamp,
          width,
          logoKey: logo?.key ?? null,
          storageKey: key,
          createdAt: new Date(),
        })
        .run();
      return { value: undefined };
    };
  });
  return loadVariant(key, variantFile(width));
}
