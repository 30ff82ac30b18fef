/**
 * The photo search (record 076): SQLite FTS5 over each photo's name, description, tags, camera, lens, albums and
 * date taken (the table `photo_search`, kept current by triggers: drizzle/0021_photo_search.sql). Only the words of
 * a search reach FTS5, each quoted as a prefix, all required; results in relevance (bm25), then newest taken, or
 * newest taken alone for a broad search (more than MOST_RANKED matches).
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import type { Access } from "~/server/access/access.server";
import { photoListed } from "~/server/access/visibility-sql.server";
import { db } from "~/server/data/db.server";
import { images, type ImageRow } from "~/server/data/schema";
import type { ImagePage } from "~/lib/image";
import { toImages } from "./image-json.server";
import { encodeCursor, PAGE_SIZE, type ListQuery } from "./list-query.server";
import { sortKeys } from "./sort-keys.server";

/** The index's columns, in its order, with how much a match in each counts. */
const COLUMNS = [
  ["name", 8],
  ["description", 2],
  ["tags", 5],
  ["camera", 2],
  ["albums_public", 3],
  ["albums_all", 3],
  ["taken", 1],
] as const;

/**
 * A visitor matches the names of the public albums only (the albums page's, `albumListed`); the owner every
 * album's. The other album column is left out of the match and weighs nothing.
 */
function unsearched(access: Access): string {
  return access.owner ? "albums_public" : "albums_all";
}

/** The FTS5 query of `words` for `access`: each word quoted (a quote doubled) as a prefix, all of them required. */
export function matchExpression(words: string[], access: Access): string {
  const columns = COLUMNS.map(([column]) => column).filter((column) => column !== unsearched(access));
  const phrases = words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(" AND ");
  return `{${columns.join(" ")}} : (${phrases})`;
}

function bm25(access: Access): SQL {
  const weights = COLUMNS.map(([column, weight]) => (column === unsearched(access) ? 0 : weight));
  return sql.raw(`bm25(photo_search, ${weights.join(", ")})`);
}

/** The photos matching `words`, as a condition on `images` (a page's count, one photo in the results). */
export function matching(words: string[], access: Access): SQL {
  if (!words.length) return sql`0`;
  return sql`${images.id} IN (SELECT rowid FROM photo_search WHERE photo_search MATCH ${matchExpression(words, access)})`;
}

/**
 * Past this many matches a search is listed newest taken first rather than ranked: bm25 scores every match, so a
 * ranked first page costs about its number of matches, while the date order walks the taken_at index and stops
 * at the page (record 076).
 */
export const MOST_RANKED = 2000;

/** Whether `words` match more than `mostRanked` photos (every match counted, the visitor's hidden ones too). */
function isBroad(words: string[], access: Access, mostRanked: number): boolean {
  const row = db().get<{ n: number }>(sql`
    SELECT count(*) AS n FROM (SELECT 1 FROM photo_search WHERE photo_search MATCH ${matchExpression(words, access)}
    LIMIT ${mostRanked + 1})`);
  return row.n > mostRanked;
}

/**
 * The ids of the photos `access` sees listed that match `words`, best first (or newest taken first past
 * `mostRanked` matches), `limit` of them from `offset`.
 */
export function searchIds(
  words: string[],
  access: Access,
  limit: number,
  offset = 0,
  mostRanked = MOST_RANKED,
): number[] {
  if (!words.length) return [];
  // Ties (a search of a year, or of a tag many photos share) go newest taken first, then by id.
  const ties = sortKeys("relevance", "desc").map(
    (key) => sql`${key.expression} ${sql.raw(key.descending ? "DESC" : "ASC")}`,
  );
  const match = matchExpression(words, access);
  // A broad search: the matches as a set, the listed photos walked newest taken first (the `+` keeps SQLite from
  // looking each match up by id and sorting them all instead).
  const rows = isBroad(words, access, mostRanked)
    ? db().all<{ id: number }>(sql`
      SELECT ${images.id} AS id FROM ${images}
      WHERE +${images.id} IN (SELECT rowid FROM photo_search WHERE photo_search MATCH ${match})
        AND ${photoListed(access) ?? sql`1`}
      ORDER BY ${sql.join(ties, sql`, `)}
      LIMIT ${limit} OFFSET ${offset}`)
    : db().all<{ id: number }>(sql`
      SELECT ${images.id} AS id
      FROM (SELECT rowid AS id, ${bm25(access)} AS score FROM photo_search WHERE photo_search MATCH ${match}) AS ranked
      INNER JOIN ${images} ON ${images.id} = ranked.id
      WHERE ${photoListed(access) ?? sql`1`}
      ORDER BY ranked.score, ${sql.join(ties, sql`, `)}
      LIMIT ${limit} OFFSET ${offset}`);
  return rows.map((row) => row.id);
}

/** The rows of `ids`, in that order. */
function rowsInOrder(ids: number[]): ImageRow[] {
  if (!ids.length) return [];
  const byId = new Map(
    db()
      .select()
      .from(images)
      .where(inArray(images.id, ids))
      .all()
      .map((row) => [row.id, row]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The photos before and after `id` in a search's results: the viewer's steps on the search page. */
export function searchNeighbours(id: number, words: string[], access: Access) {
  // Every match's id, in order: a ranked search scores every match for any page anyway.
  const ids = searchIds(words, access, -1);
  const index = ids.indexOf(id);
  if (index < 0) return { previous: null, next: null };
  return { previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null };
}

/** A page of a search's results; its cursor is how many came before (list-query.server.ts). */
export function searchImages(query: ListQuery, words: string[], access: Access): ImagePage {
  const offset = query.cursor ? Number(query.cursor.values[0]) : (query.page - 1) * PAGE_SIZE;
  const ids = searchIds(words, access, PAGE_SIZE + 1, offset);
  const hasMore = ids.length > PAGE_SIZE;
  const pageIds = ids.slice(0, PAGE_SIZE);
  return {
    images: toImages(rowsInOrder(pageIds), access),
    page: query.page,
    pageSize: PAGE_SIZE,
    hasMore,
    nextCursor: hasMore
      ? encodeCursor({ sortField: "relevance", sortOrder: "desc", values: [offset + pageIds.length] })
      : null,
  };
}
