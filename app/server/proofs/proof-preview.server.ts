/**
 * The owner's preview of a link's watermark (record 088): the album's cover as the link's client sees it, on the
 * album's admin page. Drawn and stored like any proof, at its first view.
 */
import type { ShareLink } from "~/lib/share-link";
import type { WatermarkPreview } from "~/lib/watermark";
import { proofMark } from "~/server/access/grant-cookie.server";
import { coverRow } from "~/server/albums/albums.server";
import type { AlbumRow } from "~/server/data/schema";
import { mediaUrl } from "~/server/photos/image-json.server";

/** The preview's width: sharp at a card's 240 px on a 2× screen. */
const PREVIEW_WIDTH = 480;

/** Each marked link's preview, by link id; none for an album without photos or a revoked link. */
export function proofPreviews(album: AlbumRow, links: ShareLink[]): Record<number, WatermarkPreview> {
  const cover = coverRow(album);
  if (!cover) return {};
  const width = cover.variantWidths.find((each) => each >= PREVIEW_WIDTH) ?? cover.variantWidths.at(-1)!;
  const height = Math.round((cover.height * width) / cover.width);
  return Object.fromEntries(
    links.flatMap(({ id, state, watermark }) => {
      if (!watermark || state === "revoked") return [];
      return [[id, { url: mediaUrl(cover, width, "webp", proofMark(id, watermark)), width, height }]];
    }),
  );
}
