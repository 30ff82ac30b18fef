/** A share link's fields as the owner's API and the album admin page's form send them (input.server.ts). */
import { z } from "zod";
import { nameField, parseInput, positiveWhole } from "~/server/http/input.server";
import { MAX_PASSWORD_BYTES } from "~/server/auth/password-policy.server";
import { HttpError } from "~/server/core/http-error.server";
import { formatInZone, zonedToUtc } from "~/lib/time-zone";
import { MAX_CHOOSE_COUNT } from "~/lib/selection";
import {
  MAX_WATERMARK_TEXT,
  WATERMARK_KINDS,
  WATERMARK_OPACITY,
  WATERMARK_POSITIONS,
  WATERMARK_SIZE,
  type Watermark,
} from "~/lib/watermark";

export const DOWNLOAD_PERMISSIONS = ["none", "web", "original"] as const;

export interface ShareLinkInput {
  label?: string;
  /** A new password; null takes it away. */
  password?: string | null;
  /** null: the link never expires. */
  expiresAt?: Date | null;
  download?: (typeof DOWNLOAD_PERMISSIONS)[number];
  /** How many photos its visitors choose (record 080); null: as many as they like. */
  chooseCount?: number | null;
  /** Whether a selection is sent with exactly `chooseCount`, not at most. */
  chooseExactly?: boolean;
  /** Whether its pages leave out the portfolio's header and links (record 087). */
  clientView?: boolean;
  /** The mark on every image its visitors see (record 088); null: none. */
  watermark?: Watermark | null;
}

export const CHOOSE_MODES = ["up-to", "exactly"] as const;

const PASSWORD_REFUSED = `must be text of 1 to ${MAX_PASSWORD_BYTES} bytes`;
const password = z
  .string({ error: PASSWORD_REFUSED })
  .refine((value) => value.length > 0 && Buffer.byteLength(value) <= MAX_PASSWORD_BYTES, { error: PASSWORD_REFUSED });

const EXPIRY_REFUSED = "must be a date and time with its offset (2026-12-31T18:00:00Z), or null";
const expiresAt = z.iso.datetime({ offset: true, error: EXPIRY_REFUSED }).transform((value) => new Date(value));

const percent = (range: { min: number; max: number }) =>
  positiveWhole(`must be a whole number from ${range.min} to ${range.max}`, range.max).pipe(
    z.number().min(range.min, { error: `must be a whole number from ${range.min} to ${range.max}` }),
  );

const watermark = z
  .object(
    {
      kind: z.enum(WATERMARK_KINDS, { error: `must be one of ${WATERMARK_KINDS.join(", ")}` }),
      text: z
        .string({ error: "must be text" })
        .trim()
        .max(MAX_WATERMARK_TEXT, { error: `must be at most ${MAX_WATERMARK_TEXT} characters` })
        .default(""),
      position: z.enum(WATERMARK_POSITIONS, { error: `must be one of ${WATERMARK_POSITIONS.join(", ")}` }),
      size: percent(WATERMARK_SIZE),
      opacity: percent(WATERMARK_OPACITY),
    },
    { error: "must be an object with kind, position, size and opacity, or null" },
  )
  .refine((mark) => mark.kind !== "text" || mark.text !== "", {
    error: "must have the text to draw",
    path: ["text"],
  })
  .transform((mark): Watermark => (mark.kind === "logo" ? { ...mark, text: "" } : mark));

const fields = {
  password: password.nullable().optional(),
  expiresAt: expiresAt.nullable().optional(),
  download: z.enum(DOWNLOAD_PERMISSIONS, { error: `must be one of ${DOWNLOAD_PERMISSIONS.join(", ")}` }).optional(),
  chooseCount: positiveWhole(`must be a whole number from 1 to ${MAX_CHOOSE_COUNT}, or null`, MAX_CHOOSE_COUNT)
    .nullable()
    .optional(),
  chooseExactly: z.boolean({ error: "must be true or false" }).optional(),
  clientView: z.boolean({ error: "must be true or false" }).optional(),
  watermark: watermark.nullable().optional(),
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

export function parseVisitorId(raw: string | undefined): number {
  return parseInput(positiveWhole("The visitor id must be a positive whole number"), raw);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** The form's expiry: its date and time read in `zone`; a time left empty is the end of that day. */
function formExpiry(date: string | undefined, time: string | undefined, zone: string, now: Date): Date | undefined {
  if (!date) return undefined;
  if (!DATE.test(date))
    throw new HttpError(400, "expiresDate must be a date such as 2026-12-31", { field: "expiresDate" });
  if (time !== undefined && !TIME.test(time))
    throw new HttpError(400, "expiresTime must be a time such as 18:00", { field: "expiresTime" });
  const expiry = zonedToUtc(date, time ?? "23:59", zone);
  if (Number.isNaN(expiry.getTime()))
    throw new HttpError(400, "expiresDate must be a date such as 2026-12-31", { field: "expiresDate" });
  if (expiry <= now) {
    throw new HttpError(
      400,
      `The link would end on ${formatInZone(expiry, zone)}, which has already passed. ` +
        "Choose a later date, or leave the date empty for a link that never ends.",
      { field: "expiresDate" },
    );
  }
  return expiry;
}

function chooseMode(sent: string | undefined): (typeof CHOOSE_MODES)[number] {
  const mode = sent ?? "up-to";
  if (!(CHOOSE_MODES as readonly string[]).includes(mode))
    throw new HttpError(400, "chooseMode must be up-to or exactly", { field: "chooseMode" });
  return mode as (typeof CHOOSE_MODES)[number];
}

/** A form field's text; an empty field is no value. */
function filledText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A link's own form for how many to choose: an empty number is "as many as they like". */
export function parseChooseForm(form: FormData): ShareLinkInput {
  return parseShareLinkInput(
    {
      chooseCount: filledText(form, "chooseCount") ?? null,
      chooseExactly: chooseMode(filledText(form, "chooseMode")) === "exactly",
    },
    { create: false },
  );
}

/** A listed link's Client view button: "on" or "off"; anything else, or nothing, is refused by the link's schema. */
export function parseClientViewForm(form: FormData): ShareLinkInput {
  const sent = filledText(form, "clientView");
  const clientView = sent === "on" ? true : sent === "off" ? false : (sent ?? null);
  return parseShareLinkInput({ clientView }, { create: false });
}

/**
 * The watermark fields of the new link's form and of a listed link's own: `watermark` is off, text or logo; the
 * rest are read only for a mark, and named in a refusal as the form names them.
 */
export function parseWatermarkForm(form: FormData): Watermark | null {
  const kind = filledText(form, "watermark") ?? "off";
  if (kind === "off") return null;
  try {
    return parseShareLinkInput(
      {
        watermark: {
          kind,
          text: filledText(form, "watermarkText") ?? "",
          position: filledText(form, "watermarkPosition"),
          size: filledText(form, "watermarkSize"),
          opacity: filledText(form, "watermarkOpacity"),
        },
      },
      { create: false },
    ).watermark!;
  } catch (error) {
    const field = error instanceof HttpError ? error.field : undefined;
    if (!(error instanceof HttpError) || !field?.startsWith("watermark.")) throw error;
    const name = field === "watermark.kind" ? "watermark" : `watermark${capitalised(field.slice("watermark.".length))}`;
    throw new HttpError(400, error.message.replace(field, name), { field: name });
  }
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The album admin page's form: empty fields are "none", and the expiry is a
 * date and a time on the owner's clock (`zone`, record 070), stored as UTC.
 */
export function parseShareLinkForm(form: FormData, zone: string, now = new Date()): ShareLinkInput & { label: string } {
  const text = (name: string) => filledText(form, name);
  const expiry = formExpiry(text("expiresDate"), text("expiresTime"), zone, now);
  const mode = chooseMode(text("chooseMode"));
  return parseShareLinkInput(
    {
      label: form.get("label"),
      password: text("password"),
      expiresAt: expiry?.toISOString(),
      download: text("download"),
      chooseCount: text("chooseCount"),
      chooseExactly: text("chooseCount") === undefined ? undefined : mode === "exactly",
      // A checkbox left unticked sends nothing: the link's default, no client view.
      clientView: form.get("clientView") === "on" || undefined,
      watermark: parseWatermarkForm(form) ?? undefined,
    },
    { create: true },
  );
}
