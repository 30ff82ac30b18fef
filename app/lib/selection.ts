/** A share link's selection (record 080): how many to choose, the count, sending, the lock, comments. */

/** How long the note sent with a selection may be: the form announces it, the server enforces it. */
export const MAX_NOTE_LENGTH = 1000;
/** How long a comment on a photo may be. */
export const MAX_COMMENT_LENGTH = 500;
/** The largest number a link may ask for: more than any album a client chooses from. */
export const MAX_CHOOSE_COUNT = 10_000;

/** How many photos a link's visitors choose: at most `count`, or exactly `count` to send. */
export interface SelectionRule {
  count: number;
  exactly: boolean;
}

/** Where a visitor's selection stands: still choosing, sent (locked), or reopened by the owner. */
export type SelectionState = "choosing" | "sent" | "reopened";

export function selectionState(visitor: { sentAt: unknown; reopenedAt: unknown }): SelectionState {
  if (visitor.sentAt) return "sent";
  return visitor.reopenedAt ? "reopened" : "choosing";
}

/** "1 photo", "30 photos". */
export function photoCountText(count: number): string {
  return `${count} ${count === 1 ? "photo" : "photos"}`;
}

/** What the link asks: "Choose up to 30 photos", "Choose exactly 30 photos". */
export function ruleText(rule: SelectionRule): string {
  return `Choose ${rule.exactly ? "exactly" : "up to"} ${photoCountText(rule.count)}`;
}

/** The owner's list: "Up to 30", "Exactly 30". */
export function ruleShortText(rule: SelectionRule): string {
  return `${rule.exactly ? "Exactly" : "Up to"} ${rule.count}`;
}

/** The count beside the rule: "3 of 30 chosen". */
export function chosenText(count: number, rule: SelectionRule): string {
  return `${count} of ${rule.count} chosen`;
}

/** Why one more heart is refused, when the visitor already holds `count` (an exact number is a ceiling too). */
export function heartRefusal(count: number, rule: SelectionRule | null): string | null {
  if (!rule || count < rule.count) return null;
  return `You can choose ${rule.exactly ? "exactly" : "up to"} ${photoCountText(rule.count)}. Take the heart off another photo first.`;
}

/** Why a selection of `count` favourites cannot be sent, or null when it can. */
export function sendRefusal(count: number, rule: SelectionRule | null): string | null {
  if (rule?.exactly && count !== rule.count) {
    return `Choose exactly ${photoCountText(rule.count)} before sending: you have chosen ${count}.`;
  }
  if (count === 0) return "Mark at least one favourite before sending your selection.";
  if (rule && count > rule.count) return `Choose at most ${photoCountText(rule.count)} before sending.`;
  return null;
}

/** The selection as the client's album page shows it. */
export interface PageSelection {
  rule: SelectionRule | null;
  state: SelectionState;
  /** ISO 8601, while sent. */
  sentAt: string | null;
  /** The owner's time zone, for "Sent on …". */
  zone: string;
  /** The visitor's comments by photo id. */
  comments: Record<number, string>;
}

/**
 * Why a visitor's plain form was refused, as the address it returns to says (`selection=<code>`): a code, so the
 * page shows only its own sentences, made from the visitor's state, never words taken from the address.
 */
export const SELECTION_PARAM = "selection";
export const SELECTION_REFUSALS = ["limit", "count", "locked", "note", "comment", "busy"] as const;
export type SelectionRefusal = (typeof SELECTION_REFUSALS)[number];

export function selectionRefusal(code: string | null): SelectionRefusal | null {
  return (SELECTION_REFUSALS as readonly (string | null)[]).includes(code) ? (code as SelectionRefusal) : null;
}

/** `path` (with its query and #fragment) carrying the refusal `code`, or without any when `code` is null. */
export function withSelectionRefusal(path: string, code: SelectionRefusal | null): string {
  const url = new URL(path, "http://x.invalid");
  url.searchParams.delete(SELECTION_PARAM);
  if (code) url.searchParams.set(SELECTION_PARAM, code);
  return `${url.pathname}${url.search}${url.hash}`;
}
