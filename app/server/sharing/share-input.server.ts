/** A share link's fields as the owner's API and the album admin page's form send them (input.server.ts). */
import { z } from "zod";
import { nameField, parseInput, positiveWhole } from "~/server/http/input.server";
import { MAX_PASSWORD_BYTES } from "~/server/auth/password-policy.server";

export const DOWNLOAD_PERMISSIONS = ["none", "web", "original"] as const;

export interface ShareLinkInput {
  label?: string;
  /** A new password; null takes it away. */
  password?: string | null;
  /** null: the link never expires. */
  expiresAt?: Date | null;
  download?: (typeof DOWNLOAD_PERMISSIONS)[number];
}

const PASSWORD_REFUSED = `must be text of 1 to ${MAX_PASSWORD_BYTES} bytes`;
const password = z
  .string({ error: PASSWORD_REFUSED })
  .refine((value) => value.length > 0 && Buffer.byteLength(value) <= MAX_PASSWORD_BYTES, { error: PASSWORD_REFUSED });

const EXPIRY_REFUSED = "must be a date and time with its offset (2026-12-31T18:00:00Z), or null";
const expiresAt = z.iso.datetime({ offset: true, error: EXPIRY_REFUSED }).transform((value) => new Date(value));

const fields = {
  password: password.nullable().optional(),
  expiresAt: expiresAt.nullable().optional(),
  download: z.enum(DOWNLOAD_PERMISSIONS, { error: `must be one of ${DOWNLOAD_PERMISSIONS.join(", ")}` }).optional(),
};

const newLink = z.object({ label: nameField, ...fields });
const linkEdit = z.object({ label: nameField.optional(), ...fields });

export function parseShareLinkInput(value: unknown, { create }: { create: true }): ShareLinkInput & { label: string };
export function parseShareLinkInput(value: unknown, options: { create: false }): ShareLinkInput;
export function parseShareLinkInput(value: unknown, { create }: { create: boolean }): ShareLinkInput {
  return parseInput(create ? newLink : linkEdit, value);
}

export function parseLinkId(raw: string | undefined): number {
  return parseInput(positiveWhole("The link id must be a positive whole number"), raw);
}

/**
 * The album admin page's form: empty fields are "none", and the expiry is a
 * date and a time read as UTC (the page says so; a browser's datetime-local
 * field carries no zone).
 */
export function parseShareLinkForm(form: FormData): ShareLinkInput & { label: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const date = text("expiresDate");
  const expiry = date ? `${date}T${text("expiresTime") ?? "23:59"}:00Z` : undefined;
  return parseShareLinkInput(
    { label: form.get("label"), password: text("password"), expiresAt: expiry, download: text("download") },
    { create: true },
  );
}
