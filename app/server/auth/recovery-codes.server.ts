/**
 * Recovery codes: ten one-time codes that stand in for the authenticator app.
 * Shown once, kept only as SHA-256 hashes (each is 50 random bits and every
 * try is throttled, so a slow hash would add nothing; decision 027).
 */
import crypto from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { sha256 } from "~/server/core/tokens.server";
import { db } from "~/server/data/db.server";
import { recoveryCodes } from "~/server/data/schema";

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper reads one way only. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 10;

/** A code as typed, in any case, with or without its dash and spaces. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "");
}

export function looksLikeRecoveryCode(typed: string): boolean {
  const code = normalizeRecoveryCode(typed);
  return code.length === CODE_LENGTH && [...code].every((character) => ALPHABET.includes(character));
}

function randomCode(): string {
  const characters = Array.from({ length: CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]);
  return `${characters.slice(0, 5).join("")}-${characters.slice(5).join("")}`;
}

/** Replaces the user's codes with a new set and returns it: the only time the codes are readable. */
export function newRecoveryCodes(userId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomCode);
  db().transaction((tx) => {
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    tx.insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: sha256(normalizeRecoveryCode(code)) })))
      .run();
  });
  return codes;
}

/** Marks the code used if it is one of the user's unused codes; a code works once. */
export function spendRecoveryCode(userId: number, typed: string): boolean {
  if (!looksLikeRecoveryCode(typed)) return false;
  const { changes } = db()
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalizeRecoveryCode(typed))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run();
  return changes === 1;
}

export function recoveryCodesLeft(userId: number): number {
  return db()
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get()!.left;
}

export function dropRecoveryCodes(userId: number): void {
  db().delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
}
