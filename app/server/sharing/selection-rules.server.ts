/**
 * A link's selection rules (record 080): how many to choose, read from the
 * link's row, and the lock a sent selection holds on its visitor's hearts and
 * comments until the owner reopens it.
 */
import { HttpError } from "~/server/core/http-error.server";
import { formatInZone } from "~/lib/time-zone";
import type { SelectionRule } from "~/lib/selection";
import { ownerTimeZone } from "./share-time-zone.server";

export function ruleOf(link: { chooseCount: number | null; chooseExactly: boolean }): SelectionRule | null {
  return link.chooseCount === null ? null : { count: link.chooseCount, exactly: link.chooseExactly };
}

/** "Your selection was sent on Dec 1, 2026, 14:05 GMT+1. …", on the owner's clock. */
export function lockedText(sentAt: Date): string {
  return (
    `Your selection was sent on ${formatInZone(sentAt, ownerTimeZone().zone)}. ` +
    "Ask the photographer to reopen it if you want to change it."
  );
}

/** Refuses a change to a sent selection: 409, with `locked` for the page's script. */
export function assertOpen(visitor: { sentAt: Date | null }): void {
  if (visitor.sentAt) throw new HttpError(409, lockedText(visitor.sentAt), { locked: true });
}
