import { z } from "zod";
import { HttpError } from "~/server/core/http-error.server";
import { parseInput, positiveWhole } from "~/server/http/input.server";
import { ONLY_FAVOURITES, ONLY_PARAM } from "~/lib/favourites";
import { MAX_SEARCH_LENGTH, SEARCH_PARAM } from "~/lib/paths";
import { searchWords } from "~/lib/search";
import type { Gear } from "./gear.server";

/** The query of a photo list (`/api/image`, the gallery pages) and of random picks, read with zod (input.server.ts). */

export const PAGE_SIZE = 24;
/**
 * `position` is an album's manual order (album-order.server.ts): only with `album=`.
 * `featured` is the gallery's "featured first": pinned photos, then the newest uploads (featured-order.server.ts).
 * `relevance` is a search's order, best match first (search.server.ts): only with `q=`, and a search has no other.
 */
export const SORT_FIELDS = ["uploaded_at", "name", "size", "taken_at", "position", "featured", "relevance"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type SortOrder = "asc" | "desc";

/** A list's order; without a sortField in the query, an album's own (albums.server.ts), else newest uploads first. */
export interface ListOrder {
  sortField: SortField;
  sortOrder: SortOrder;
}

/** The gallery's order when the site's setting is "newest" (featured-order.server.ts gives the other). */
export const NEWEST_ORDER: ListOrder = { sortField: "uploaded_at", sortOrder: "desc" };

/** A tag's, camera's or lens's page lists its photos by when they were taken, newest first. */
export const TAG_ORDER: ListOrder = { sortField: "taken_at", sortOrder: "desc" };

/** A search's results: best match first, then newest taken. */
export const SEARCH_ORDER: ListOrder = { sortField: "relevance", sortOrder: "desc" };

export interface ListQuery {
  page: number;
  /** Only this album's photos (`album=`), or the whole gallery. */
  albumId?: number;
  /** Only the gallery's photos with this tag (`tag=`). */
  tagId?: number;
  /** A search of the gallery (`q=`): its words (none for an empty or punctuation-only one, which finds nothing). */
  search?: string[];
  /** Or only those made with this camera (`camera=<slug>`) or lens (`lens=<slug>`). */
  gear?: Gear;
  sortField: SortField;
  sortOrder: SortOrder;
  /** Keyset position: when set, the list continues after it and `page` is only echoed. */
  cursor: Cursor | undefined;
  /** `only=favourites`: an album's photos the share link's visitor marked (images.server.ts, `ListScope`). */
  onlyFavourites: boolean;
}

/** Where a keyset page ended: the last row's value for each key of the sort (images.server.ts), meaningless under another sort. */
export type Cursor = { sortField: SortField; sortOrder: SortOrder; values: (string | number)[] };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sortField, cursor.sortOrder, ...cursor.values])).toString("base64url");
}

const CURSOR_REFUSED = "is not valid; use the nextCursor of a previous answer";
const sortOrder = z.enum(["asc", "desc"]);
const id = z.int();

/**
 * A cursor's values are what its sort's keys compare: [name, id], [missing, date, id], [number, id] (a position
 * may be negative) or [unpinned, pin position, upload date, id]; a search's is how many results came before
 * (its rank is a float a write may shift, so its pages go by place).
 */
const cursorTuple = z.union(
  [
    z.tuple([z.literal("name"), sortOrder, z.string(), id]),
    z.tuple([z.literal("taken_at"), sortOrder, z.literal([0, 1]), id, id]),
    z.tuple([z.enum(["uploaded_at", "size", "position"]), sortOrder, id, id]),
    z.tuple([z.literal("featured"), sortOrder, z.literal([0, 1]), id, id, id]),
    z.tuple([z.literal("relevance"), z.literal("desc"), z.int().min(0)]),
  ],
  { error: CURSOR_REFUSED },
);

const cursorField = z
  .string()
  .transform((raw, ctx): unknown => {
    try {
      return JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    } catch {
      ctx.issues.push({ code: "custom", message: CURSOR_REFUSED, input: raw });
      return z.NEVER;
    }
  })
  .pipe(cursorTuple)
  .transform(([sortField, sortOrder, ...values]): Cursor => ({ sortField, sortOrder, values }));

const gearSlugField = z.string().min(1, { error: "must be a slug, such as fujifilm-x-t4" }).max(200);

const listQuery = z
  .object({
    page: positiveWhole("must be a whole number of at least 1", 1_000_000).default(1),
    sortField: z.enum(SORT_FIELDS, { error: `must be one of ${SORT_FIELDS.join(", ")}` }).optional(),
    sortOrder: z.enum(sortOrder.options, { error: "must be asc or desc" }).optional(),
    cursor: cursorField.optional(),
    album: positiveWhole("must be an album id, a positive whole number").optional(),
    tag: positiveWhole("must be a tag id, a positive whole number").optional(),
    camera: gearSlugField.optional(),
    lens: gearSlugField.optional(),
    only: z.literal(ONLY_FAVOURITES, { error: `must be ${ONLY_FAVOURITES}` }).optional(),
    q: z.string().max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
  })
  .superRefine(({ sortField, sortOrder, album, tag, camera, lens, q }, ctx) => {
    if (sortField === "position" && album === undefined) {
      ctx.addIssue({ code: "custom", path: ["sortField"], message: "position needs album=: it is an album's order" });
    }
    if (sortField === "relevance" && q === undefined) {
      ctx.addIssue({ code: "custom", path: ["sortField"], message: "relevance needs q=: it is a search's order" });
    }
    const filters = Object.entries({ album, tag, camera, lens }).filter(([, value]) => value !== undefined);
    if (filters.length > 1) {
      const message = "takes no other of album, tag, camera and lens: the list is one at a time";
      ctx.addIssue({ code: "custom", path: [filters[1]![0]], message });
    }
    if (q === undefined) return;
    if (filters.length) {
      ctx.addIssue({
        code: "custom",
        path: [SEARCH_PARAM],
        message: "searches the whole gallery: leave out album, tag, camera and lens",
      });
    }
    if ((sortField ?? "relevance") !== "relevance" || sortOrder === "asc") {
      ctx.addIssue({ code: "custom", path: ["sortField"], message: "a search is ordered by relevance, best first" });
    }
  });

function gearOf({ camera, lens }: { camera?: string; lens?: string }): Gear | undefined {
  if (camera !== undefined) return { kind: "camera", slug: camera };
  return lens === undefined ? undefined : { kind: "lens", slug: lens };
}

/** The query's order, the album's (or the gallery's) when it names none; a cursor must come from a list in that same order. */
function withOrder(query: z.output<typeof listQuery>, ownOrder: ListOrder): ListQuery {
  const { album, tag, camera, lens, cursor, sortField, sortOrder, only, q, ...rest } = query;
  const gear = gearOf({ camera, lens });
  const fallback = sortField === undefined ? ownOrder : NEWEST_ORDER;
  const resolved: ListQuery = {
    ...rest,
    sortField: sortField ?? fallback.sortField,
    sortOrder: sortOrder ?? fallback.sortOrder,
    cursor,
    onlyFavourites: only === ONLY_FAVOURITES,
    ...(album === undefined ? {} : { albumId: album }),
    ...(tag === undefined ? {} : { tagId: tag }),
    ...(q === undefined ? {} : { search: searchWords(q) }),
    ...(gear ? { gear } : {}),
  };
  if (cursor && (cursor.sortField !== resolved.sortField || cursor.sortOrder !== resolved.sortOrder)) {
    throw new HttpError(
      400,
      `cursor was made for sortField=${cursor.sortField}&sortOrder=${cursor.sortOrder}; ` +
        "send the same sortField and sortOrder as the answer it came from",
    );
  }
  return resolved;
}

const cursorInput = z.object({ cursor: cursorField });

export function decodeCursor(raw: string): Cursor {
  return parseInput(cursorInput, { cursor: raw }).cursor;
}

/** The first value of each parameter, as `URLSearchParams.get` reads it; an unset one is undefined. */
function firstValues(params: URLSearchParams, names: string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? undefined]));
}

/** The orders a list takes when its query names no sortField: the album's own, or the gallery's setting. */
export interface OwnOrders {
  album?: (albumId: number) => ListOrder;
  gallery?: ListOrder;
}

/** The list query of `params`, in the list's own order (`own`) when the query names no sortField. */
export function parseListQuery(params: URLSearchParams, own: OwnOrders = {}): ListQuery {
  const names = [
    "page",
    "sortField",
    "sortOrder",
    "cursor",
    "album",
    "tag",
    "camera",
    "lens",
    ONLY_PARAM,
    SEARCH_PARAM,
  ];
  const query = firstValues(params, names);
  // An empty cursor is no cursor: the first page.
  const parsed = parseInput(listQuery, { ...query, cursor: query.cursor || undefined });
  const ownOrder =
    parsed.q !== undefined
      ? SEARCH_ORDER
      : parsed.album !== undefined
        ? (own.album?.(parsed.album) ?? NEWEST_ORDER)
        : parsed.tag !== undefined || gearOf(parsed)
          ? TAG_ORDER
          : (own.gallery ?? NEWEST_ORDER);
  return withOrder(parsed, ownOrder);
}

const randomCount = z.object({ count: positiveWhole("must be a whole number from 1 to 50", 50).default(10) });

export function parseRandomCount(params: URLSearchParams): number {
  return parseInput(randomCount, firstValues(params, ["count"])).count;
}
