/** The owner's activity list (record 081): what share links' visitors did, and the messages that told the owner. */

export type ActivityKind = "opened" | "sent" | "comment" | "download";

export interface ActivityEntry {
  id: number;
  /** ISO 8601. */
  at: string;
  kind: ActivityKind;
  linkLabel: string;
  albumName: string;
  albumSlug: string;
  visitorName: string | null;
  /** The message that told the owner: where it stands, and why its last attempt failed. */
  mail: { status: "queued" | "sent" | "failed"; attempts: number; lastError: string | null } | null;
}

export const ACTIVITY_TEXT: Record<ActivityKind, string> = {
  opened: "Opened the link",
  sent: "Sent a selection",
  comment: "Left a comment",
  download: "Downloaded all",
};

export const MAIL_TEXT: Record<NonNullable<ActivityEntry["mail"]>["status"], string> = {
  queued: "Email waiting",
  sent: "Email sent",
  failed: "Email failed",
};
