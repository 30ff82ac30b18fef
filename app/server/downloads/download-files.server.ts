/**
 * What a download sends for one photo: at "web" its largest stored variant
 * (WebP; through a watermarked link, its proof), at "original" the uploaded pixels at full resolution without GPS: a
 * JPEG as uploaded, its GPS zeroed in place as it streams; any other format
 * converted to a JPEG once and kept (conversions.server.ts). Named after the upload.
 */
import fs from "node:fs";
import { pipeline, Readable } from "node:stream";
import type { ProofMark } from "~/server/access/access.server";
import { proofVariant } from "~/server/proofs/proof-media.server";
import { HttpError } from "~/server/core/http-error.server";
import type { ImageRow } from "~/server/data/schema";
import { ORIGINAL_FILE, type StoredFile } from "~/server/storage/photo-store.server";
import { photoStore } from "~/server/storage/storage.server";
import { keptConversion } from "~/server/storage/converted-cache.server";
import { convertedOriginalFile } from "./conversions.server";
import type { DownloadSize } from "./download-access.server";
import { downloadName } from "./download-names.server";
import { JpegWithoutGps } from "./jpeg-without-gps.server";

export interface DownloadBody {
  stream: Readable;
  /** Bytes, known up front: a converted original is made before it is sent. */
  size: number;
  contentType: string;
}

/**
 * Who asks: the owner's conversions take the upload's slots; `signal` aborts when the client leaves; `mark`, a
 * watermarked link's (record 088), whose web size is its proof. Originals are never marked.
 */
export interface Asker {
  owner: boolean;
  signal: AbortSignal;
  mark?: ProofMark | undefined;
}

const keptAsUploaded = (row: ImageRow) => row.mimeType === "image/jpeg";

const largestWidth = (row: ImageRow) => Math.max(...row.variantWidths);

function largestVariant(row: ImageRow): string {
  return `w${largestWidth(row)}.webp`;
}

/** The name the photo is saved under at `size`. */
export function downloadFileName(row: ImageRow, size: DownloadSize): string {
  const extension = size === "web" ? ".webp" : ".jpg";
  return downloadName(row.originalFilename, extension, `photo-${row.id}`);
}

/** A file the row names but the store lacks is answered as the photo it belongs to would be: not found. */
async function stored(row: ImageRow, file: string): Promise<StoredFile> {
  const found = await photoStore().get(row.storageKey, file);
  if (!found) throw new HttpError(404, `There is no image with id ${row.id}`);
  return found;
}

/** Opens the photo's bytes at `size`; the caller reads or destroys the stream. */
export async function openDownload(row: ImageRow, size: DownloadSize, asker: Asker): Promise<DownloadBody> {
  if (size === "web" && asker.mark) {
    const proof = await proofVariant(row, asker.mark, largestWidth(row));
    if (!proof) throw new HttpError(404, `There is no image with id ${row.id}`);
    const { content } = proof;
    const stream = Buffer.isBuffer(content) ? Readable.from([content]) : content.stream();
    return { stream, size: proof.size, contentType: "image/webp" };
  }
  if (size === "web") {
    const file = await stored(row, largestVariant(row));
    return { stream: file.stream(), size: file.size, contentType: "image/webp" };
  }
  if (keptAsUploaded(row)) {
    const original = await stored(row, ORIGINAL_FILE);
    const cleaned = new JpegWithoutGps();
    // Destroying what is returned (a client gone) stops the store's read too.
    pipeline(original.stream(), cleaned, () => {});
    return { stream: cleaned, size: original.size, contentType: "image/jpeg" };
  }
  const converted = await convertedOriginalFile(row, asker);
  return { stream: fs.createReadStream(converted.file), size: converted.size, contentType: "image/jpeg" };
}

/** The size `openDownload` would send, without doing its work: unknown for an original not converted yet, or a proof. */
export async function downloadSize(row: ImageRow, size: DownloadSize, marked: boolean): Promise<number | undefined> {
  if (size === "web" && marked) return undefined;
  if (size === "original" && !keptAsUploaded(row)) return (await keptConversion(row.storageKey))?.size;
  const file = await stored(row, size === "web" ? largestVariant(row) : ORIGINAL_FILE);
  file.discard();
  return file.size;
}
