import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { httpError } from "./http.server";

export const PAGE_SIZE = 24;
const SORT_FIELDS = ["uploaded_at", "name", "size"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type SortOrder = "asc" | "desc";

export interface ListQuery {
  page: number;
  sortField: SortField;
  sortOrder: SortOrder;
  /** Keyset position: when set, the list continues after it and `page` is only echoed. */
  cursor: Cursor | undefined;
}

type Cursor = { value: string | number; id: number };

function bad(message: string): Response {
  return httpError(400, message);
}

function positiveInteger(raw: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!/^\d{1,16}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString("base64url");
}

export function decodeCursor(raw: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === "string" || Number.isSafeInteger(parsed[0])) &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { value: parsed[0] as string | number, id: parsed[1] as number };
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
  if (!(SORT_FIELDS as readonly string[]).includes(sortField)) {
    throw bad(`sortField must be one of ${SORT_FIELDS.join(", ")}`);
  }
  const sortOrder = params.get("sortOrder") ?? "desc";
  if (sortOrder !== "asc" && sortOrder !== "desc") throw bad("sortOrder must be asc or desc");
  const rawCursor = params.get("cursor");
  return {
    page,
    sortField: sortField as SortField,
    sortOrder,
    cursor: rawCursor ? decodeCursor(rawCursor) : undefined,
  };
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

/** Trims the editable texts and checks their lengths; `name` may not end up empty. */
export function parseImageText(input: { name?: unknown; description?: unknown }): { name: string; description: string } {
  if (typeof input.name !== "string") throw bad("name must be a string");
  if (input.description !== undefined && input.description !== null && typeof input.description !== "string") {
    throw bad("description must be a string");
  }
  const name = input.name.trim();
  const description = ((input.description as string | undefined | null) ?? "").trim();
  if (!name) throw bad("name must not be empty");
  if (name.length > MAX_NAME_LENGTH) throw bad(`name must be at most ${MAX_NAME_LENGTH} characters`);
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    throw bad(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  }
  return { name, description };
}
