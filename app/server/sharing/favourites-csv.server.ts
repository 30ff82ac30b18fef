/**
 * The owner's "Download CSV" of an album's favourites: one row per favourite, per link and visitor, with the
 * visitor's comment on it, then a row for each comment on a photo they did not mark. A client's text reaches a
 * spreadsheet here: toCsv keeps every cell from reading as a formula.
 */
import { toCsv } from "~/lib/csv";
import type { AlbumRow } from "~/server/data/schema";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { favouritesByLink } from "./favourites-owner.server";

const HEADER = ["Link", "Visitor", "File name", "Photo title", "Image id", "Favourited at", "Comment"];

export function favouritesCsv(albumId: number): string {
  const rows = favouritesByLink(albumId).flatMap((link) =>
    link.visitors.flatMap((visitor) => {
      const comments = new Map(visitor.comments.map((comment) => [comment.imageId, comment.body]));
      const marked = new Set(visitor.photos.map((photo) => photo.imageId));
      const row = (photo: { filename: string; name: string; imageId: number }, at: string) => [
        link.label,
        visitor.name,
        photo.filename,
        photo.name,
        photo.imageId,
        at,
        comments.get(photo.imageId) ?? "",
      ];
      return [
        ...visitor.photos.map((photo) => row(photo, photo.favouritedAt)),
        ...visitor.comments.filter((comment) => !marked.has(comment.imageId)).map((comment) => row(comment, "")),
      ];
    }),
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
