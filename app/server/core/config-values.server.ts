import { z } from "zod";
import { redactUrls } from "./redact.server";
import { issueText } from "./schema-issues.server";

/**
 * What the settings schemas share: the one error they throw, and the shapes of
 * a value. Every message completes "NAME …" (schema-issues.server.ts adds the
 * variable's name) and ends with the value as read, credentials hidden.
 */

/** A setting that cannot be used: server.js prints its message as one line and exits. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export type Env = Record<string, string | undefined>;

/** Reads `env` with `schema`; every bad setting is named, on one line. */
export function parseSettings<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(result.error.issues.map(issueText).join("; "));
  return result.data;
}

/** A value as it may be shown in a message: a URL's password (`sftp://user:secret@host`) hidden. */
export const shown = (value: unknown): string => redactUrls(String(value));

const blankIsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A setting left unset or blank is undefined. */
export function optional<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankIsUnset, schema.optional());
}

/** A setting left unset or blank takes its default. */
export function withDefault<S extends z.ZodType<unknown, string>>(
  schema: S,
  fallback: z.util.NoUndefined<z.output<S>>,
) {
  return z.preprocess(blankIsUnset, schema.default(fallback));
}

export function wholeNumber(min: number, max: number) {
  const error = (issue: { input?: unknown }) =>
    `must be a whole number from ${min} to ${max}, got "${shown(issue.input)}"`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

/** true or false, in any case. */
export function flag() {
  return z
    .string()
    .trim()
    .pipe(
      z.stringbool({
        truthy: ["true"],
        falsy: ["false"],
        error: (issue) => `must be true or false, got "${shown(issue.input)}"`,
      }),
    );
}

/** One of a few words, in any case: "auto", "true" or "false". */
export function oneOf<const V extends readonly [string, ...string[]]>(values: V) {
  const list = `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
  return z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: (issue) => `must be ${list}, got "${shown(issue.input)}"` }));
}

/**
 * The refusal of a URL setting: "must be <expected> (<why>), got …", where
 * `expected` shows the shape and `why` the rule broken. Each check stops the
 * parse, so only the first broken rule is named.
 */
export function refusal(expected: string, why: string) {
  return {
    abort: true,
    error: (issue: { input?: unknown }) => `must be ${expected} (${why}), got "${shown(issue.input)}"`,
  };
}

/** An absolute URL: the checks of each URL setting follow. */
export function absoluteUrl(expected: string) {
  return z
    .string()
    .trim()
    .refine((raw) => URL.canParse(raw), refusal(expected, "not an absolute URL"));
}

/** An http(s) URL without credentials, query or fragment; `expected` completes "NAME must be …". */
export function httpUrl(expected: string) {
  return absoluteUrl(expected)
    .refine((raw) => ["http:", "https:"].includes(new URL(raw).protocol), refusal(expected, "http or https only"))
    .refine(
      (raw) => {
        const url = new URL(raw);
        return !url.username && !url.password;
      },
      refusal(expected, "no user name or password"),
    )
    .refine((raw) => !/[?#]/.test(raw), refusal(expected, "no query or fragment"));
}
