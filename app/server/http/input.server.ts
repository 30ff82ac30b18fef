import { z } from "zod";
import { cleanLine, cleanText } from "~/lib/clean-text";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { HttpError } from "~/server/core/http-error.server";
import { issueField, issueText } from "~/server/core/schema-issues.server";

/**
 * Request input (JSON bodies, forms, query strings, path parameters) is read
 * with zod schemas; a refusal is a 400 naming the exact field: "<field> must …"
 * (schema-issues.server.ts), and the field again in the answer's `field`
 * (`links[2].url`), by which a form marks its input. The schemas of each
 * domain live beside it (photos/image-input, photos/list-query, albums/album-input).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issueField(issue);
  throw new HttpError(400, issueText(issue), field ? { field } : {});
}

/**
 * A whole number from 1 to `max`, as a JSON number or as text (forms, query
 * strings, paths): digits only, so "1e3", " 2" and "1.0" are refused. Every
 * way of failing reads `message`.
 */
export function positiveWhole(message: string, max = Number.MAX_SAFE_INTEGER) {
  const error = message;
  return z
    .union([z.string(), z.number()], { error })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,16}$/, { error }))
    .transform(Number)
    .pipe(z.number().min(1, { error }).max(max, { error }));
}

/** A photo's or an album's name: one line, cleaned before its length is measured, never empty. */
export const nameField = z
  .string({ error: "must be a string" })
  .transform(cleanLine)
  .pipe(
    z
      .string()
      .min(1, { error: "must not be empty" })
      .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` }),
  );

/** A description: its line breaks kept, cleaned before its length is measured. */
export const descriptionField = z
  .string({ error: "must be a string" })
  .transform(cleanText)
  .pipe(z.string().max(MAX_DESCRIPTION_LENGTH, { error: `must be at most ${MAX_DESCRIPTION_LENGTH} characters` }));
