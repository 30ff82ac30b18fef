import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "~/server/data/db.server";
import { dataVersion } from "~/server/data/data-version.server";
import { siteSettings } from "~/server/data/schema";

export interface Setting<T> {
  readonly key: string;
  /** The stored value, or the default when none is stored or the stored one no longer fits the schema. */
  read(): T;
  /** Checks the value with the schema (a ZodError names the field) and stores it; one small write. */
  write(value: T): void;
}

/**
 * One setting the owner edits in the admin, stored as JSON under its key in
 * `site_settings`. Each domain defines its own beside the code that uses it,
 * so the table needs no migration when a setting is added.
 */
export function defineSetting<S extends z.ZodType>(
  key: string,
  schema: S,
  fallback: z.output<S>,
): Setting<z.output<S>> {
  // Every page reads several settings: each is parsed once per content version (a write to site_settings bumps it).
  let kept: { version: string; value: z.output<S> } | undefined;
  return {
    key,
    read() {
      const version = dataVersion();
      if (kept?.version === version) return kept.value;
      const row = db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).get();
      const parsed = row ? schema.safeParse(row.value) : undefined;
      const value = parsed?.success ? parsed.data : fallback;
      kept = { version, value };
      return value;
    },
    write(value) {
      const checked = schema.parse(value);
      db()
        .insert(siteSettings)
        .values({ key, value: checked })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: checked } })
        .run();
    },
  };
}
