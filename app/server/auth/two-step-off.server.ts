import { eq } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { users } from "~/server/data/schema";
import { dropRecoveryCodes } from "./recovery-codes.server";

/**
 * Two-step codes off, with nothing left behind: the secret, a pending one,
 * the last step and the recovery codes. Shared by the account page and
 * `npm run admin:reset-2fa`, which must not load the page's modules.
 */
export function turnOffTwoStep(userId: number): void {
  db().transaction(() => {
    db()
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, userId))
      .run();
    dropRecoveryCodes(userId);
  });
}
