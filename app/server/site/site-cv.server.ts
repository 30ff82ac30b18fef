/**
 * The owner's CV, served at /cv.pdf: the bundled sample until the owner
 * uploads one (a PDF by its bytes, at most 10 MB) or chooses "No CV".
 */
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { z } from "zod";
import { HttpError } from "~/server/core/http-error.server";
import { ORIGINAL_FILE } from "~/server/storage/photo-store.server";
import { photoStore, storageUnavailable } from "~/server/storage/storage.server";
import { discardUploads, parseUpload } from "~/server/photos/upload.server";
import sampleCvDataUrl from "./sample-cv.pdf?inline";
import { defineSetting } from "~/server/data/settings.server";
import { storedFilesSchema } from "./site-schemas.server";
import { removeSiteFiles, storeSiteFiles } from "./site-media.server";

export const MAX_CV_BYTES = 10 * 1024 * 1024;
/** The form field (and the API's multipart field) the PDF comes in. */
export const CV_FIELD = "cv";
const PDF_MAGIC = Buffer.from("%PDF-");

/** The sample CV's bytes, bundled with the server (1.5 KB), served until the owner uploads or removes one. */
function sampleCv(): Buffer {
  return Buffer.from(sampleCvDataUrl.slice(sampleCvDataUrl.indexOf(",") + 1), "base64");
}

const cvSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("sample") }),
  z.object({ state: z.literal("none") }),
  z.object({ state: z.literal("stored"), stored: storedFilesSchema, size: z.number().int().min(0) }),
]);
const cvSetting = defineSetting("site.cv", cvSchema, { state: "sample" });

export function hasCv(): boolean {
  return cvSetting.read().state !== "none";
}

/** The CV's bytes to send; its ETag is the content version's, like a page's (a replacement bumps it). */
export interface CvFile {
  size: number;
  body(): Readable | Buffer;
  discard(): void;
}

/** The CV to serve, or undefined when the owner has none. */
export async function openCv(): Promise<CvFile | undefined> {
  const cv = cvSetting.read();
  if (cv.state === "none") return undefined;
  if (cv.state === "sample") {
    const bytes = sampleCv();
    return { size: bytes.length, body: () => bytes, discard: () => {} };
  }
  let file;
  try {
    file = await photoStore().get(cv.stored.key, ORIGINAL_FILE);
  } catch {
    throw storageUnavailable();
  }
  if (!file) return undefined;
  return { size: file.size, body: () => file.stream(), discard: () => file.discard() };
}

async function startsWithPdfMagic(file: string): Promise<boolean> {
  const handle = await fsp.open(file);
  try {
    const head = Buffer.alloc(PDF_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(PDF_MAGIC);
  } finally {
    await handle.close();
  }
}

/** Streams the upload (at most 10 MB), checks its bytes, and replaces the CV; any refusal leaves the old one. */
export async function uploadCv(request: Request): Promise<void> {
  const { files } = await parseUpload(request, { fileFields: [CV_FIELD], maxBytes: MAX_CV_BYTES }).catch(
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 413) {
        throw new HttpError(413, `${CV_FIELD} must be at most ${MAX_CV_BYTES / 1024 / 1024} MB.`);
      }
      throw error;
    },
  );
  const [file] = files;
  try {
    if (!file || file.size === 0) throw new HttpError(400, `${CV_FIELD} must be a PDF file: none was sent.`);
    if (!(await startsWithPdfMagic(file.path))) {
      throw new HttpError(415, `${CV_FIELD} must be a PDF file: this one is not a PDF.`);
    }
    await storeSiteFiles(
      cvSetting,
      async (dir) => {
        await fsp.rename(file.path, path.join(dir, ORIGINAL_FILE));
        return { checksum: file.checksum, details: file.size };
      },
      (stored, size) => ({ state: "stored", stored, size }),
    );
  } finally {
    await discardUploads(files);
  }
}

/** "No CV": the link and /cv.pdf go. */
export async function removeCv(): Promise<void> {
  await removeSiteFiles(cvSetting);
}
