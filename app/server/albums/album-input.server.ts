import { z } from "zod";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "~/lib/slug";
import { HttpError } from "~/server/core/http-error.server";
import { MOVE_STEPS, type JoinAt, type MoveStep, type MoveTarget } from "./album-order.server";
import { ALBUM_VISIBILITIES, type AlbumVisibility } from "~/server/access/visibility-sql.server";
import { descriptionField, nameField, parseInput, positiveWhole } from "~/server/http/input.server";

/** An album's id and fields, and a photo's album ids, as the API and the album forms send them (input.server.ts). */

export interface AlbumInput {
  name?: string;
  description?: string;
  slug?: string;
  coverId?: number | null;
  position?: number;
  sort?: AlbumSort;
  sortOrder?: "desc" | "asc";
  addTo?: "end" | "start";
  visibility?: AlbumVisibility;
}

export const ALBUM_SORTS = ["manual", "uploaded_at", "taken_at"] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];

const albumId = positiveWhole("The album id must be a positive whole number");

export function parseAlbumId(raw: string | undefined): number {
  return parseInput(albumId, raw);
}

const ALBUM_IDS_REFUSED = "must be an array of album ids (positive whole numbers)";
const albumIds = z.object({
  albumIds: z
    .array(positiveWhole("must be an album id (a positive whole number)"), { error: ALBUM_IDS_REFUSED })
    .max(1000, { error: ALBUM_IDS_REFUSED })
    .transform((ids) => [...new Set(ids)]),
});

/** A photo's albums, as the API sends them (`albumIds: [1, 2]`) or a form's checkboxes do (`getAll`, strings). */
export function parseAlbumIds(value: unknown): number[] {
  return parseInput(albumIds, { albumIds: value }).albumIds;
}

const SLUG_REFUSED = `must be lowercase letters, digits and single hyphens, at most ${MAX_SLUG_LENGTH} characters`;
const unsetWhen =
  (...unset: unknown[]) =>
  (value: unknown) =>
    unset.includes(value) ? undefined : value;

const VISIBILITY_REFUSED = `must be one of ${ALBUM_VISIBILITIES.join(", ")}`;

const common = {
  visibility: z.enum(ALBUM_VISIBILITIES, { error: VISIBILITY_REFUSED }).optional(),
  description: z.preprocess(unsetWhen(null), descriptionField.optional()),
  slug: z.preprocess(
    unsetWhen(null, ""),
    z
      .string({ error: SLUG_REFUSED })
      .regex(SLUG_PATTERN, { error: SLUG_REFUSED })
      .max(MAX_SLUG_LENGTH, { error: SLUG_REFUSED })
      .optional(),
  ),
};

const newAlbum = z.object({ name: nameField, ...common });

const albumEdit = z.object({
  name: nameField.optional(),
  ...common,
  // null or "" (the form's "no cover") unsets the cover.
  coverId: z.preprocess(
    (value) => (value === "" ? null : value),
    positiveWhole("must be a photo id or null").nullable().optional(),
  ),
  position: positiveWhole("must be a whole number of at least 1", 1_000_000).optional(),
  sort: z.enum(ALBUM_SORTS, { error: `must be one of ${ALBUM_SORTS.join(", ")}` }).optional(),
  sortOrder: z.enum(["desc", "asc"], { error: "must be desc (newest first) or asc (oldest first)" }).optional(),
  addTo: z.enum(["end", "start"], { error: "must be end or start" }).optional(),
});

const MOVE_REFUSED = "must be the id of a photo in the album (a positive whole number)";
const move = z
  .object({
    imageId: positiveWhole("must be the id of a photo (a positive whole number)"),
    before: positiveWhole(MOVE_REFUSED).optional(),
    after: positiveWhole(MOVE_REFUSED).optional(),
    position: positiveWhole("must be a whole number from 1 to the album's size").optional(),
  })
  .transform(({ imageId, ...target }, ctx) => {
    const given = Object.entries(target).filter(([, value]) => value !== undefined);
    if (given.length !== 1) {
      ctx.issues.push({ code: "custom", message: "Send exactly one of before, after or position", input: target });
      return z.NEVER;
    }
    const [field, value] = given[0]!;
    return { imageId, target: { [field]: value } as MoveTarget };
  });

/** A move of one photo (`POST /api/album/:id/order`): its id and exactly one of before, after or position. */
export function parseMove(body: unknown): { imageId: number; target: MoveTarget } {
  return parseInput(move, body);
}

const moveStep = z.object({
  step: z.enum([...MOVE_STEPS, "position"], { error: "must be start, up, down, end or position" }),
  position: z.preprocess(
    (value) => (value === "" ? undefined : value),
    positiveWhole("must be a whole number from 1 to the album's size").optional(),
  ),
});

/** The no-JS move forms: a step, or "position" with the place typed in. */
export function parseMoveForm(fields: { step?: string; position?: string }): MoveStep | { position: number } {
  const { step, position } = parseInput(moveStep, fields);
  if (step !== "position") return step;
  if (position === undefined) throw new HttpError(400, "position must be a whole number from 1 to the album's size");
  return { position };
}

const joinAt = z.object({
  albumPosition: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["start", "end"], { error: "must be start or end" }).optional(),
  ),
});

/** An upload's place in its album: start or end, or (left out or empty) where the album puts new photos. */
export function parseJoinAt(raw: string | undefined): JoinAt | undefined {
  return parseInput(joinAt, { albumPosition: raw }).albumPosition;
}

/** Only the fields that were sent: an edit changes nothing else. */
function sentOnly(input: AlbumInput): AlbumInput {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** An album's fields as created (`name` required) or edited (any of them); unknown fields are ignored. */
export function parseAlbumInput(body: Record<string, unknown>, { create }: { create: boolean }): AlbumInput {
  return sentOnly(parseInput(create ? newAlbum : albumEdit, body));
}
