import path from "node:path";
import { z } from "zod";
import { cleanLine } from "~/lib/clean-text";
import { descriptionField, nameField, parseInput, positiveWhole } from "~/server/http/input.server";
import { PHOTO_VISIBILITIES, type PhotoVisibility } from "~/server/access/visibility-sql.server";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_PHOTO } from "~/lib/tags";
import type { TagInput } from "./tags.server";

/** A photo's id and editable texts, as the API and the viewer's form send them (input.server.ts). */

const imageId = positiveWhole("The image id must be a positive whole number");

export function parseImageId(raw: string | undefined): number {
  return parseInput(imageId, raw);
}

const imageText = z.object({
  name: nameField,
  description: descriptionField.nullish().transform((description) => description ?? ""),
});

/**
 * Cleans the editable texts and checks their lengths; `name` may not end up
 * empty, so a name of only control characters is refused like a blank one.
 */
export function parseImageText(input: { name?: unknown; description?: unknown }): {
  name: string;
  description: string;
} {
  return parseInput(imageText, input);
}

/** Tag names as the API and the forms send them. */
export const tagListField = z
  .array(
    z
      .string({ error: "must be a list of texts" })
      .max(MAX_TAG_LENGTH, `must be at most ${MAX_TAG_LENGTH} characters each`),
    {
      error: "must be a list of texts",
    },
  )
  .max(MAX_TAGS_PER_PHOTO, `must be at most ${MAX_TAGS_PER_PHOTO} tags`);

const imageTagList = z.object({ tags: tagListField });

/** A photo's tags as the API and the edit form send them, each typed (its path is its name). */
export function parseImageTags(value: unknown): TagInput[] {
  return parseInput(imageTagList, { tags: value }).tags.map((name) => ({ name, path: name }));
}

/** A photo's visibility, as `PUT /api/image/{id}`, the upload and the batch action take it. */
export const photoVisibilityField = z.enum(PHOTO_VISIBILITIES, {
  error: `must be one of ${PHOTO_VISIBILITIES.join(", ")}`,
});

const visibility = z.object({ visibility: photoVisibilityField.optional() });

/** A photo's visibility as the API, the upload and the forms send it; undefined when not sent (or sent empty). */
export function parsePhotoVisibility(value: unknown): PhotoVisibility | undefined {
  return parseInput(visibility, { visibility: value === "" || value === null ? undefined : value }).visibility;
}

/**
 * `keepPublic` in the API's bodies: true keeps a public photo public when it joins an unlisted or private album
 * (album-privacy.server.ts); left out, it is hidden.
 */
export const keepPublicField = z.boolean({ error: "must be true or false" }).optional();

export function parseKeepPublic(value: unknown): boolean {
  return parseInput(z.object({ keepPublic: keepPublicField }), { keepPublic: value }).keepPublic ?? false;
}

/** An uploaded file's base name, cleaned like a name; for display and as a fallback name, never for paths. */
export function cleanFilename(raw: string | undefined): string {
  const base = path.posix.basename((raw ?? "").replaceAll("\\", "/"));
  return Array.from(cleanLine(base)).slice(0, 255).join("") || "image";
}
