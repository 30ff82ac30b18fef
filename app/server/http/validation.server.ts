import path from "node:path";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "~/lib/slug";
import { cleanLine, cleanText } from "~/lib/clean-text";
import { HttpError } from "~/server/core/http-error.server";

export const PAGE_SIZE = 24;
export const SORT_FIELDS = ["uploaded_at", "name", "size", "taken_at"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type SortOrder = "asc" | "desc";

export interface ListQuery {
  page: number;
  /** Only this album's photos (`album=`), or the whole gallery. */
  albumId?: number;
  sortField: SortField;
  sortOrder: SortOrder;
  /** Keyset position: when set, the list continues after it and `page` is only echoed. */
  cursor: Cursor | undefined;
}

/** Where a keyset page ended: the last row's value for each key of the sort (images.server.ts), meaningless under another sort. */
export type Cursor = { sortField: SortField; sortOrder: SortOrder; values: (string | number)[] };

function bad(message: string): HttpError {
  return new HttpError(400, message);
}

function positiveInteger(raw: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!/^\d{1,16}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sortField, cursor.sortOrder, ...cursor.values])).toString("base64url");
}

function isSortField(value: unknown): value is SortField {
  return (SORT_FIELDS as readonly unknown[]).includes(value);
}

/** A cursor's values must be what the sort's keys compare: [name, id], [missing, date, id] or [number, id]. */
function valuesFit(sortField: SortField, values: unknown[]): values is (string | number)[] {
  const whole = (value: unknown) => Number.isSafeInteger(value);
  switch (sortField) {
    case "name":
      return values.length === 2 && typeof values[0] === "string" && whole(values[1]);
    case "taken_at":
      return values.length === 3 && (values[0] === 0 || values[0] === 1) && values.slice(1).every(whole);
    default:
      return values.length === 2 && values.every(whole);
  }
}

export function decodeCursor(raw: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(parsed)) {
      const [sortField, sortOrder, ...values] = parsed as unknown[];
      if (isSortField(sortField) && (sortOrder === "asc" || sortOrder === "desc") && valuesFit(sortField, values)) {
        return { sortField, sortOrder, values };
      }
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw bad("cursor is not valid; use the nextCursor of a previous answer");
}

export function parseListQuery(params: URLSearchParams): ListQuery {
  const rawPage = params.get("page") ?? "1";
  const page = positiveInteger(rawPage, 1_000_000);
  if (page === undefined) throw bad("page must be a whole number of at least 1");
  const sortField = params.get("sortField") ?? "uploaded_at";
  if (!isSortField(sortField)) throw bad(`sortField must be one of ${SORT_FIELDS.join(", ")}`);
  const sortOrder = params.get("sortOrder") ?? "desc";
  if (sortOrder !== "asc" && sortOrder !== "desc") throw bad("sortOrder must be asc or desc");
  const rawCursor = params.get("cursor");
  const cursor = rawCursor ? decodeCursor(rawCursor) : undefined;
  if (cursor && (cursor.sortField !== sortField || cursor.sortOrder !== sortOrder)) {
    throw bad(
      `cursor was made for sortField=${cursor.sortField}&sortOrder=${cursor.sortOrder}; ` +
        "send the same sortField and sortOrder as the answer it came from",
    );
  }
  const album = params.get("album");
  const albumId = album === null ? undefined : positiveInteger(album);
  if (albumId === undefined && album !== null) throw bad("album must be an album id, a positive whole number");
  return { page, sortField, sortOrder, cursor, ...(albumId === undefined ? {} : { albumId }) };
}

export function parseRandomCount(params: URLSearchParams): number {
  const raw = params.get("count") ?? "10";
  const count = positiveInteger(raw, 50);
  if (count === undefined) throw bad("count must be a whole number from 1 to 50");
  return count;
}

export function parseImageId(raw: string | undefined): number {
  const id = positiveInteger(raw ?? "");
  if (id === undefined) throw bad("The image id must be a positive whole number");
  return id;
}

export function parseAlbumId(raw: string | undefined): number {
  const id = positiveInteger(raw ?? "");
  if (id === undefined) throw bad("The album id must be a positive whole number");
  return id;
}

/** A photo's albums, as the API sends them (`albumIds: [1, 2]`) or a form's checkboxes do (`getAll`, strings). */
export function parseAlbumIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : undefined;
  const ids = list?.map((item) =>
    typeof item === "number" || typeof item === "string" ? positiveInteger(String(item)) : undefined,
  );
  if (!ids || ids.length > 1000 || ids.some((id) => id === undefined)) {
    throw bad("albumIds must be an array of album ids (positive whole numbers)");
  }
  return [...new Set(ids as number[])];
}

export interface AlbumInput {
  name?: string;
  description?: string;
  slug?: string;
  coverId?: number | null;
  position?: number;
}

/** An album's fields as created (`name` required) or edited (any of them); unknown fields are ignored. */
export function parseAlbumInput(body: Record<string, unknown>, { create }: { create: boolean }): AlbumInput {
  const input: AlbumInput = {};
  if (body.name !== undefined || create) {
    if (typeof body.name !== "string") throw bad("name must be a string");
    input.name = cleanLine(body.name);
    if (!input.name) throw bad("name must not be empty");
    if (input.name.length > MAX_NAME_LENGTH) throw bad(`name must be at most ${MAX_NAME_LENGTH} characters`);
  }
  if (body.description !== undefined && body.description !== null) {
    if (typeof body.description !== "string") throw bad("description must be a string");
    input.description = cleanText(body.description);
    if (input.description.length > MAX_DESCRIPTION_LENGTH) {
      throw bad(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
    }
  }
  if (body.slug !== undefined && body.slug !== null && body.slug !== "") {
    if (typeof body.slug !== "string" || !SLUG_PATTERN.test(body.slug) || body.slug.length > MAX_SLUG_LENGTH) {
      throw bad(`slug must be lowercase letters, digits and single hyphens, at most ${MAX_SLUG_LENGTH} characters`);
    }
    input.slug = body.slug;
  }
  if (!create && body.coverId !== undefined) {
    const coverId = body.coverId === null || body.coverId === "" ? null : positiveInteger(String(body.coverId));
    if (coverId === undefined) throw bad("coverId must be a photo id or null");
    input.coverId = coverId;
  }
  if (!create && body.position !== undefined) {
    const position = positiveInteger(String(body.position), 1_000_000);
    if (position === undefined) throw bad("position must be a whole number of at least 1");
    input.position = position;
  }
  return input;
}

/** An uploaded file's base name, cleaned like a name; for display and as a fallback name, never for paths. */
export function cleanFilename(raw: string | undefined): string {
  const base = path.posix.basename((raw ?? "").replaceAll("\\", "/"));
  return Array.from(cleanLine(base)).slice(0, 255).join("") || "image";
}

/**
 * Cleans the editable texts and checks their lengths; `name` may not end up
 * empty, so a name of only control characters is refused like a blank one.
 */
export function parseImageText(input: { name?: unknown; description?: unknown }): {
  name: string;
  description: string;
} {
  if (typeof input.name !== "string") throw bad("name must be a string");
  if (input.description !== undefined && input.description !== null && typeof input.description !== "string") {
    throw bad("description must be a string");
  }
  const name = cleanLine(input.name);
  const description = cleanText((input.description as string | undefined | null) ?? "");
  if (!name) throw bad("name must not be empty");
  if (name.length > MAX_NAME_LENGTH) throw bad(`name must be at most ${MAX_NAME_LENGTH} characters`);
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    throw bad(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  }
  return { name, description };
}
