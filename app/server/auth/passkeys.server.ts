/** The owner's stored passkeys: listed, named, renamed and removed on the account page. */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { cleanLine } from "~/lib/clean-text";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { passkeys } from "~/server/data/schema";
import { parseInput } from "~/server/http/input.server";

export const MAX_PASSKEY_NAME_LENGTH = 64;
const PASSKEY_GONE = "That passkey has already been removed.";

export type PasskeyRow = typeof passkeys.$inferSelect;

/** One passkey as the account page lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A passkey's name: one line, cleaned before it is measured. */
export const passkeyName = z
  .string({ error: "must be a string" })
  .transform(cleanLine)
  .pipe(
    z
      .string()
      .min(1, { error: "must not be empty" })
      .max(MAX_PASSKEY_NAME_LENGTH, { error: `must be at most ${MAX_PASSKEY_NAME_LENGTH} characters` }),
  );

const passkeyForm = z.object({ passkey: z.string({ error: "must name a passkey" }).min(1) });
const renameForm = passkeyForm.extend({ name: passkeyName });

export function listPasskeys(userId: number): PasskeySummary[] {
  return db()
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .all();
}

export function findPasskey(id: string): PasskeyRow | undefined {
  return db().select().from(passkeys).where(eq(passkeys.id, id)).get();
}

export function storePasskey(row: Omit<PasskeyRow, "lastUsedAt">): void {
  if (findPasskey(row.id)) throw new HttpError(409, "That passkey is already registered.");
  db()
    .insert(passkeys)
    .values({ ...row, lastUsedAt: null })
    .run();
}

/** After a verified sign-in: the authenticator's new counter, and when it was used. */
export function recordPasskeyUse(id: string, counter: number): void {
  db().update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id)).run();
}

/** The account page's rename form (fields `passkey`, `name`); returns the new name. */
export function renamePasskey(userId: number, fields: { passkey?: string; name?: string }): string {
  const { passkey, name } = parseInput(renameForm, fields);
  const renamed = db()
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkey), eq(passkeys.userId, userId)))
    .run();
  if (renamed.changes === 0) throw new HttpError(404, PASSKEY_GONE);
  return name;
}

/** The account page's remove form (field `passkey`); returns the removed passkey's name. */
export function removePasskey(userId: number, fields: { passkey?: string }): string {
  const { passkey } = parseInput(passkeyForm, fields);
  const removed = db()
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkey), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name })
    .get();
  if (!removed) throw new HttpError(404, PASSKEY_GONE);
  return removed.name;
}
