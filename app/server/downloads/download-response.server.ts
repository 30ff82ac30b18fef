/**
 * The answers of the download routes: a photo or an album's ZIP as an
 * attachment named for it, kept by no cache (`private, no-store`: what one
 * request may download says nothing about the next).
 */
import type { Readable } from "node:stream";
import { z } from "zod";
import { proofMarkFor, type Access } from "~/server/access/access.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { parseInput, positiveWhole } from "~/server/http/input.server";
import { albumZip } from "./album-zip.server";
import { downloadableAlbum, downloadablePhoto, type DownloadSize } from "./download-access.server";
import { downloadFileName, downloadSize, openDownload } from "./download-files.server";
import { attachmentHeader, downloadName } from "./download-names.server";
import { recordActivity } from "~/server/notify/activity.server";
import { linkEventMail } from "~/server/notify/owner-mail.server";

export interface DownloadAnswer {
  headers: Record<string, string>;
  /** The bytes; none for HEAD. Destroying it stops the work behind it. */
  body: Readable | null;
}

/** What was asked, and by whom; `signal` aborts when the client leaves. */
export interface Asked {
  head: boolean;
  query: URLSearchParams;
  access: Access;
  signal: AbortSignal;
  /** Where absolute links point (PUBLIC_URL, else this request's origin): the owner's message about it. */
  origin: string;
}

const sizeQuery = z.object({ size: z.enum(["web", "original"]).optional() });
const imageIdParam = positiveWhole("imageId must be a photo's id");

/** `?size=web|original`; none means the largest the permission allows. */
function wantedSize(query: URLSearchParams): DownloadSize | undefined {
  return parseInput(sizeQuery, { size: query.get("size") ?? undefined }).size;
}

function attachmentHeaders(name: string, contentType: string, length?: number): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Content-Disposition": attachmentHeader(name),
    "Cache-Control": PRIVATE_NO_STORE,
  };
  if (length !== undefined) headers["Content-Length"] = String(length);
  return headers;
}

/** One photo, from album `slug` or (the owner's) gallery. */
export async function photoDownload(
  { head, query, access, signal }: Asked,
  slug: string | undefined,
  rawImageId: string | undefined,
): Promise<DownloadAnswer> {
  const imageId = parseInput(imageIdParam, rawImageId);
  const { row, size, album } = downloadablePhoto(access, slug, imageId, wantedSize(query));
  const mark = proofMarkFor(access, album?.id);
  const name = downloadFileName(row, size);
  const contentType = size === "web" ? "image/webp" : "image/jpeg";
  // A HEAD does no work: a conversion or a proof not made yet has no length to give.
  if (head) return { headers: attachmentHeaders(name, contentType, await downloadSize(row, size, !!mark)), body: null };
  const body = await openDownload(row, size, { owner: access.owner, signal, mark });
  return { headers: attachmentHeaders(name, body.contentType, body.size), body: body.stream };
}

/** Every photo of album `slug` as a ZIP named after the album. */
export function albumDownload({ head, query, access, signal, origin }: Asked, slug: string): DownloadAnswer {
  const { album, rows, size } = downloadableAlbum(access, slug, wantedSize(query));
  const headers = attachmentHeaders(downloadName(`${album.name}.zip`, ".zip", album.slug), "application/zip");
  if (head) return { headers, body: null };
  // A client's download of all is on the owner's activity list (record 081); the owner's own is not.
  const grants = access.albumGrants.filter((each) => each.albumId === album.id);
  const grant = grants.find((each) => each.visitorId !== undefined) ?? grants[0];
  if (grant) {
    const { linkId, visitorId } = grant;
    recordActivity({ kind: "download", linkId, visitorId, mail: () => linkEventMail("download", linkId, origin) });
  }
  const zip = albumZip(album.name, rows, size, { owner: access.owner, signal, mark: proofMarkFor(access, album.id) });
  zip.stream.on("close", () => {
    if (!zip.stream.readableEnded) zip.abort();
  });
  return { headers, body: zip.stream };
}
