import { z } from "zod";
import { cleanLine, cleanText } from "~/lib/clean-text";
import {
  isInternalLink,
  MAX_LINK_LENGTH,
  MAX_PROJECT_DESCRIPTION,
  MAX_PROJECT_TAGS,
  MAX_TAG_LENGTH,
} from "~/lib/projects";
import { nameField, parseInput, positiveWhole } from "~/server/http/input.server";

/** A project's fields as the API (JSON) and the projects page (a form) send them (input.server.ts). */
export interface ProjectInput {
  name?: string;
  description?: string;
  tags?: string[];
  demoUrl?: string;
  codeUrl?: string | null;
  hidden?: boolean;
  mediaAlt?: string;
  /** The project's place in the order, 1 first. */
  position?: number;
}

const LINK_REFUSED = `must be an http:// or https:// address, or a path in this site starting with /, at most ${MAX_LINK_LENGTH} characters`;

/** http(s) with a host, or a path here: never `javascript:`, `data:` or a protocol-relative `//host`. */
function isSafeLink(value: string): boolean {
  // Spaces and control characters (\s and below U+0020) never belong in a link: browsers drop some of them.
  if (value.length > MAX_LINK_LENGTH || [...value].some((char) => char <= " ")) return false;
  if (value.startsWith("/")) return isInternalLink(value);
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const link = z
  .string({ error: LINK_REFUSED })
  .transform((value) => value.trim())
  .pipe(z.string().refine(isSafeLink, { error: LINK_REFUSED }));

const TAGS_REFUSED = `must be at most ${MAX_PROJECT_TAGS} tags of at most ${MAX_TAG_LENGTH} characters each`;
/** A list, or the form's one line of tags separated by commas. */
const tags = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",") : value),
  z
    .array(z.string({ error: "must be text" }).transform(cleanLine), { error: TAGS_REFUSED })
    .transform((list) => [...new Set(list.filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(MAX_TAG_LENGTH, { error: `must be at most ${MAX_TAG_LENGTH} characters` }))
        .max(MAX_PROJECT_TAGS, { error: TAGS_REFUSED }),
    ),
);

const description = z
  .string({ error: "must be a string" })
  .transform(cleanText)
  .pipe(z.string().max(MAX_PROJECT_DESCRIPTION, { error: `must be at most ${MAX_PROJECT_DESCRIPTION} characters` }));

const mediaAlt = z
  .string({ error: "must be a string" })
  .transform(cleanLine)
  .pipe(z.string().max(300, { error: "must be at most 300 characters" }));

/** A checkbox sends "on" or nothing; JSON sends a boolean. */
const hidden = z.preprocess((value) => (value === "on" ? true : value), z.boolean({ error: "must be true or false" }));

const fields = {
  description: description.optional(),
  tags: tags.optional(),
  // null or "" (an empty form field): no public code.
  codeUrl: z.preprocess((value) => (value === "" ? null : value), link.nullable().optional()),
  hidden: hidden.optional(),
  mediaAlt: mediaAlt.optional(),
  position: positiveWhole("must be a whole number of at least 1", 100_000).optional(),
};

const newProject = z.object({ name: nameField, demoUrl: link, ...fields });
const projectEdit = z.object({ name: nameField.optional(), demoUrl: link.optional(), ...fields });

export function parseProjectInput(value: unknown, { create }: { create: boolean }): ProjectInput {
  return parseInput(create ? newProject : projectEdit, value ?? {});
}

const projectId = positiveWhole("The project id must be a positive whole number");

export function parseProjectId(raw: string | undefined): number {
  return parseInput(projectId, raw);
}
