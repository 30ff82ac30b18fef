import { db } from "~/server/data/db.server";
import { shareLinks } from "~/server/data/schema";

/** Whether the owner ever made a share link (revoked or ended ones count): the first-run checklist's last step. */
export function anyShareLinkMade(): boolean {
  return db().select({ id: shareLinks.id }).from(shareLinks).limit(1).get() !== undefined;
}
