/** The keys each list order sorts by, as SQL and as a row's values (a keyset cursor holds those). */
import { sql, type SQL } from "drizzle-orm";
import { albumImages, images, type ImageRow } from "~/server/data/schema";
import type { SortField } from "./list-query.server";

/** A photo as a list holds it: with its place in the album's manual order when the list is an album's. */
export interface ListedRow {
  image: ImageRow;
  position: number | null;
}

/** One part of a sort order; `descending` as the list runs forward. */
export interface SortKey {
  expression: SQL;
  descending: boolean;
  /** The row's value, as the expression compares it. */
  valueOf: (row: ListedRow) => string | number;
}

/**
 * The gallery's and the API's orders, each ending with the id so that no two
 * photos tie. Photos without a date taken come last in both directions: the
 * key `taken_at IS NULL` runs ascending either way, and within them only the id
 * orders (their coalesced dates are all 0).
 */
export function sortKeys(field: SortField, order: "asc" | "desc"): SortKey[] {
  const descending = order === "desc";
  const id: SortKey = { expression: sql`${images.id}`, descending, valueOf: ({ image }) => image.id };
  switch (field) {
    case "uploaded_at":
      return [
        { expression: sql`${images.uploadedAt}`, descending, valueOf: ({ image }) => image.uploadedAt.getTime() },
        id,
      ];
    case "name":
      return [{ expression: sql`${images.name}`, descending, valueOf: ({ image }) => image.name }, id];
    case "size":
      return [{ expression: sql`${images.size}`, descending, valueOf: ({ image }) => image.size }, id];
    case "taken_at":
      return [
        {
          expression: sql`(${images.takenAt} IS NULL)`,
          descending: false,
          valueOf: ({ image }) => (image.takenAt ? 0 : 1),
        },
        {
          expression: sql`coalesce(${images.takenAt}, 0)`,
          descending,
          valueOf: ({ image }) => image.takenAt?.getTime() ?? 0,
        },
        id,
      ];
    case "featured":
      // Pinned photos first by their place, then the rest newest first; the direction is the order's own.
      return [
        {
          expression: sql`(${images.featuredPosition} IS NULL)`,
          descending: false,
          valueOf: ({ image }) => (image.featuredPosition === null ? 1 : 0),
        },
        {
          expression: sql`coalesce(${images.featuredPosition}, 0)`,
          descending: false,
          valueOf: ({ image }) => image.featuredPosition ?? 0,
        },
        { expression: sql`${images.uploadedAt}`, descending: true, valueOf: ({ image }) => image.uploadedAt.getTime() },
        { expression: sql`${images.id}`, descending: true, valueOf: ({ image }) => image.id },
      ];
    case "relevance":
      // A search's rank comes first (search.server.ts); these order its ties: newest taken, then by id.
      return sortKeys("taken_at", "desc");
    case "position":
      // The album_images key (album, position, image) orders it; the list is always one album's (list-query).
      return [
        { expression: sql`${albumImages.position}`, descending, valueOf: ({ position }) => position ?? 0 },
        { expression: sql`${albumImages.imageId}`, descending, valueOf: ({ image }) => image.id },
      ];
  }
}
