/**
 * The answers of the download routes: a photo or an album's ZIP as an
 * attachment named for it, kept by no cache (`private, no-store`: what one
 * request may download says nothing about the next).
 */
import { Readable } from "node:stream";
import { z } from "zod";
import type { Access } from "~/server/access/access.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { parseInput, positiveWhole } from "~/server/http/input.server";
import { albumZip } from "./album-zip.server";
import { downloadableAlbum, downloadablePhoto, type DownloadSize } from "./download-access.server";
import { downloadFileName, openDownload } from "./download-files.server";
import { attachmentHeader, downloadName } from "./download-names.server";

const sizeQuery = z.object({ size: z.enum(["web", "original"]).optional() });
const imageIdParam = positiveWhole("imageId must be a photo's id");

/** `?size=web|original`; none means the largest the permission allows. */
function wantedSize(request: Request): DownloadSize | undefined {
  const size = new URL(request.url).searchParams.get("size") ?? undefined;
  return parseInput(sizeQuery, { size }).size;
}

function attachment(body: ReadableStream | null, name: string, contentType: string, length?: number): Response {
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Content-Disposition": attachmentHeader(name),
    "Cache-Control": PRIVATE_NO_STORE,
  };
  if (length !== undefined) headers["Content-Length"] = String(length);
  return new Response(body, { headers });
}

/** One photo, from album `slug` or (the owner's) gallery. */
export async function photoDownload(
  request: Request,
  access: Access,
  slug: string | undefined,
  rawImageId: string | undefined,
): Promise<Response> {
  const imageId = parseInput(imageIdParam, rawImageId);
  const { row, size } = downloadablePhoto(access, slug, imageId, wantedSize(request));
  const body = await openDownload(row, size);
  const name = downloadFileName(row, size);
  if (request.method === "HEAD") {
    body.stream.destroy();
    return attachment(null, name, body.contentType, body.size);
  }
  return attachment(Readable.toWeb(body.stream) as ReadableStream, name, body.contentType, body.size);
}

/** Every photo of album `slug` as a ZIP named after the album. */
export function albumDownload(request: Request, access: Access, slug: string): Response {
  const { album, rows, size } = downloadableAlbum(access, slug, wantedSize(request));
  const name = downloadName(`${album.name}.zip`, ".zip", album.slug);
  if (request.method === "HEAD") return attachment(null, name, "application/zip");
  const zip = albumZip(album.name, rows, size);
  request.signal.addEventListener("abort", () => zip.abort(), { once: true });
  zip.stream.on("close", () => {
    if (!zip.stream.readableEnded) zip.abort();
  });
  return attachment(Readable.toWeb(zip.stream) as ReadableStream, name, "application/zip");
}
