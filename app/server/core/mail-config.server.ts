/**
 * The owner's SMTP server for the messages that tell them what clients did
 * (app/server/notify/, record 081): SMTP_URL (`smtp://user:pass@host:587`,
 * or `smtps://` for TLS from the start), SMTP_FROM (the sender) and SMTP_TO
 * (the owner's address; SMTP_FROM when unset). Without SMTP_URL no message
 * is queued.
 */
import { z } from "zod";
import { absoluteUrl, optional, refusal, shown } from "./config-values.server";

export interface MailSettings {
  /** As written, with its credentials: nodemailer reads them from it. */
  url: string;
  from: string;
  to: string;
}

const SMTP_SHAPE = "like smtp://user:password@mail.example.com:587";
const smtpUrl = absoluteUrl(SMTP_SHAPE)
  .refine((raw) => ["smtp:", "smtps:"].includes(new URL(raw).protocol), refusal(SMTP_SHAPE, "smtp or smtps only"))
  .refine((raw) => Boolean(new URL(raw).hostname), refusal(SMTP_SHAPE, "a host"));

const address = z
  .string()
  .trim()
  .pipe(z.email({ error: (issue) => `must be an email address, got "${shown(issue.input)}"` }));

export const mailSchema = z
  .object({ SMTP_URL: optional(smtpUrl), SMTP_FROM: optional(address), SMTP_TO: optional(address) })
  .refine((settings) => !settings.SMTP_URL || settings.SMTP_FROM, {
    error: "SMTP_FROM must be set with SMTP_URL: the address the messages come from",
  })
  .transform(({ SMTP_URL, SMTP_FROM, SMTP_TO }) => ({
    mail: SMTP_URL && SMTP_FROM ? { url: SMTP_URL, from: SMTP_FROM, to: SMTP_TO ?? SMTP_FROM } : undefined,
  }));
