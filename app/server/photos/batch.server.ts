/**
 * One action on many photos at once (`POST /api/image/batch` and the gallery's
 * select mode): each photo's change is its own transaction, so one that fails
 * leaves the others applied and itself untouched, and the answer says so per id.
 * Tags are the exception, all or nothing (batch-tags.server.ts, record 079).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { assertAlbumsExist, inAlbum, setImageAlbums } from "~/server/albums/memberships.server";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { descriptionField, parseInput, positiveWhole } from "~/server/http/input.server";
import { keepPublicField, photoVisibilityField, tagListField } from "./image-input.server";
import { changeTags } from "./batch-tags.server";
import { deleteImage, updateImage } from "./image-store.server";
import type { HiddenBy } from "~/lib/album-privacy";

export const MAX_BATCH = 500;

const ids = z
  .array(positiveWhole("must be a photo id (a positive whole number)"), { error: "must be a list of photo ids" })
  .min(1, { error: `must list 1 to ${MAX_BATCH} photo ids` })
  .max(MAX_BATCH, { error: `must list 1 to ${MAX_BATCH} photo ids` })
  // A photo ticked twice is changed once.
  .transform((list) => [...new Set(list)]);
const albumId = positiveWhole("must be an album id, a positive whole number");

/** The actions, one schema each: a new one is one more entry here and one case in `applyOne`. */
const batchInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("add-to-album"), ids, albumId, keepPublic: keepPublicField }),
    z.object({ action: z.literal("remove-from-album"), ids, albumId }),
    z.object({ action: z.literal("set-description"), ids, description: descriptionField }),
    z.object({ action: z.literal("set-visibility"), ids, visibility: photoVisibilityField }),
    z.object({ action: z.literal("edit-tags"), ids, add: tagListField.default([]), remove: tagListField.default([]) }),
    z.object({ action: z.literal("delete"), ids }),
  ],
  { error: "must be add-to-album, remove-from-album, set-description, set-visibility, edit-tags or delete" },
);

export type BatchInput = z.output<typeof batchInput>;
export type BatchAction = BatchInput["action"];

/** One photo's outcome: changed (`hidden`: the album it joined hid it), or left as it was with the reason. */
export type BatchResult =
  { id: number; ok: true; hidden?: true } | { id: number; ok: false; status: number; message: string };

export interface BatchOutcome {
  action: BatchAction;
  /** How many photos changed. */
  changed: number;
  /** Add to album: how many of them the album's privacy hid from public pages, and the album. */
  hidden?: number;
  hiddenBy?: HiddenBy;
  results: BatchResult[];
}

/** A batch request's body or form fields; a refusal is a 400 naming the field (`ids` past 500 included). */
export function parseBatch(body: unknown): BatchInput {
  return parseInput(batchInput, body);
}

function assertImageExists(id: number): void {
  if (!db().select({ id: images.id }).from(images).where(eq(images.id, id)).get()) {
    throw new HttpError(404, `There is no image with id ${id}`);
  }
}

/** Changes one photo; answers the album that hid it, if adding it to one did. */
async function applyOne(input: Exclude<BatchInput, { action: "edit-tags" }>, id: number): Promise<HiddenBy | null> {
  switch (input.action) {
    case "add-to-album":
      return db().transaction(() => {
        assertImageExists(id);
        // No album listed to leave: it joins this one and keeps its others; already there, it keeps its place.
        return setImageAlbums(id, [input.albumId], [], { keepPublic: input.keepPublic });
      });
    case "remove-from-album":
      return db().transaction(() => {
        assertImageExists(id);
        if (!inAlbum(input.albumId, id)) throw new HttpError(404, `The photo with id ${id} is not in the album`);
        // Only this album is listed: the photo's other albums stay, and a cover it was falls back.
        return setImageAlbums(id, [], [input.albumId]);
      });
    case "set-description": {
      const updated = db()
        .update(images)
        .set({ description: input.description, updatedAt: new Date() })
        .where(eq(images.id, id))
        .returning({ id: images.id })
        .get();
      if (!updated) throw new HttpError(404, `There is no image with id ${id}`);
      return null;
    }
    case "set-visibility":
      // The same write as `PUT /api/image/{id}` with only a visibility.
      updateImage(id, { visibility: input.visibility });
      return null;
    case "delete":
      await deleteImage(id);
      return null;
  }
}

/** Applies the action to each photo in turn; a refusal of the whole request (an unknown album) changes nothing. */
export async function applyBatch(input: BatchInput): Promise<BatchOutcome> {
  if (input.action === "edit-tags") {
    changeTags(input.ids, input.add, input.remove);
    return { action: input.action, changed: input.ids.length, results: input.ids.map((id) => ({ id, ok: true })) };
  }
  if ("albumId" in input) assertAlbumsExist([input.albumId]);
  const results: BatchResult[] = [];
  let hiddenBy: HiddenBy | undefined;
  for (const id of input.ids) {
    try {
      const hid = await applyOne(input, id);
      if (hid) hiddenBy = hid;
      results.push(hid ? { id, ok: true, hidden: true } : { id, ok: true });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ id, ok: false, status: error.status, message: error.message });
    }
  }
  const changed = results.filter((result) => result.ok).length;
  if (input.action !== "add-to-album") return { action: input.action, changed, results };
  const hidden = results.filter((result) => result.ok && result.hidden).length;
  return { action: input.action, changed, hidden, ...(hiddenBy ? { hiddenBy } : {}), results };
}
