/** The owner's "Download CSV" of an album's favourites: one row per favourite, per link and visitor. */
import { toCsv } from "~/lib/csv";
import type { AlbumRow } from "~/server/data/schema";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { favouritesByLink } from "./favourites-owner.server";

const HEADER = ["Link", "Visitor", "File name", "Photo title", "Image id", "Favourited at"];

export function favouritesCsv(albumId: number): string {
  const rows = favouritesByLink(albumId).flatMap((link) =>
    link.visitors.flatMap((visitor) =>
      visitor.photos.map((photo) => [
        link.label,
        visitor.name,
        photo.filename,
        photo.name,
        photo.imageId,
        photo.favouritedAt,
      ]),
    ),
  );
  return toCsv([HEADER, ...rows]);
}

/** The download: `<album slug>-favourites.csv`, never stored by a cache. */
export function favouritesCsvResponse(album: AlbumRow): Response {
  return new Response(favouritesCsv(album.id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${album.slug}-favourites.csv"`,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
