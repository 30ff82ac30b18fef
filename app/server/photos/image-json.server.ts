/** Rows of the images table as the API's image JSON, and the addresses of their variants. */
import type { Image } from "~/lib/image";
import { config } from "~/server/core/config.server";
import { exifJson, takenAtJson } from "./exif.server";
import { albumIdsByImage } from "~/server/albums/memberships.server";
import { tagsByImage } from "./tags.server";
import type { ImageRow } from "~/server/data/schema";
import type { Access, ProofMark } from "~/server/access/access.server";
import { proofFile } from "~/server/http/media.server";

const DISPLAY_WIDTH = 1280;

/**
 * Through the site's `/media`, or straight from MEDIA_BASE_URL (a public
 * bucket or its CDN) when set; a hidden photo's always through the site,
 * which checks each request's access (media.server.ts). With a link's `mark`,
 * the WebP proof drawn for it (record 088), always through the site.
 */
export function mediaUrl(
  row: Pick<ImageRow, "storageKey" | "visibility">,
  width: number,
  format: "webp" | "avif",
  mark?: ProofMark,
): string {
  if (mark) return `/media/${row.storageKey}/${proofFile(mark.linkId, mark.stamp, width)}`;
  const file = `w${width}.${format}`;
  return row.visibility === "public" ? publicMediaUrl(row.storageKey, file) : `/media/${row.storageKey}/${file}`;
}

/** A stored file anyone may have (a public photo's, the site's portrait, a project card's media). */
export function publicMediaUrl(key: string, file: string): string {
  return `${config().mediaBaseUrl ?? "/media"}/${key}/${file}`;
}

/** The WebP variant pages and feeds show when one size must do: the largest up to 1280 px wide. */
export function displayVariant(row: ImageRow, mark?: ProofMark): { url: string; width: number; height: number } {
  const width = row.variantWidths.filter((w) => w <= DISPLAY_WIDTH).at(-1) ?? row.variantWidths[0]!;
  return {
    url: mediaUrl(row, width, "webp", mark),
    width,
    height: Math.round((row.height * width) / row.width),
  };
}

/**
 * Rows as the API's image JSON, their album ids (those `access` sees listed) and tags read in one query each;
 * with a link's `mark` (`proofMarkFor`: an album seen through a watermarked link), its proofs' addresses only.
 */
export function toImages(rows: ImageRow[], access: Access, mark?: ProofMark): Image[] {
  const ids = rows.map((row) => row.id);
  const albumIds = albumIdsByImage(ids, access);
  const tags = tagsByImage(ids);
  return rows.map((row) => imageJson(row, albumIds.get(row.id)!, tags.get(row.id)!, mark));
}

export function toImage(row: ImageRow, access: Access, mark?: ProofMark): Image {
  return toImages([row], access, mark)[0]!;
}

function imageJson(row: ImageRow, albumIds: number[], tags: string[], mark: ProofMark | undefined): Image {
  const srcset = (format: "webp" | "avif", widths: number[]) =>
    widths.map((w) => `${mediaUrl(row, w, format, mark)} ${w}w`).join(", ");
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: displayVariant(row, mark).url,
    filename: row.originalFilename,
    uploaded_at: row.uploadedAt.toISOString(),
    size: row.size,
    width: row.width,
    height: row.height,
    srcset: srcset("webp", row.variantWidths),
    // Proofs are drawn in WebP alone: one drawing per width, not two.
    avifSrcset: mark ? "" : srcset("avif", row.avifWidths),
    placeholder: row.placeholder,
    taken_at: takenAtJson(row.takenAt, row.takenOffset),
    exif: exifJson(row),
    albumIds,
    tags,
    visibility: row.visibility,
  };
}
