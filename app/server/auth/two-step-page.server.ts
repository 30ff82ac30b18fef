/** The account page's two-step forms: which intents they post and what each does. */
import type { AdminSession } from "./auth.server";
import { formText } from "~/server/http/page-action.server";
import { beginTotp, cancelTotp, confirmTotp, remakeRecoveryCodes, turnOffTotp } from "./totp-enrolment.server";

export const TWO_STEP_INTENTS = ["totp-begin", "totp-cancel", "totp-confirm", "recovery-codes", "totp-off"] as const;
export type TwoStepIntent = (typeof TWO_STEP_INTENTS)[number];

/** What was done, and the new recovery codes when there are (the only time the page shows them). */
export async function twoStepAction(
  intent: TwoStepIntent,
  form: FormData,
  session: AdminSession,
): Promise<{ notice: string; recoveryCodes: string[] | null }> {
  switch (intent) {
    case "totp-begin":
      beginTotp(session);
      return { notice: "Add the key to your authenticator app, then enter its code.", recoveryCodes: null };
    case "totp-cancel":
      cancelTotp(session);
      return { notice: "Two-step codes stay off.", recoveryCodes: null };
    case "totp-confirm":
      return {
        notice: "Two-step codes are on. Save your recovery codes now: they are shown only once.",
        recoveryCodes: confirmTotp(session, formText(form, "code")),
      };
    case "recovery-codes":
      return {
        notice: "New recovery codes made; the old ones no longer work. Save these now: they are shown only once.",
        recoveryCodes: remakeRecoveryCodes(session, formText(form, "code")),
      };
    case "totp-off":
      await turnOffTotp(session, { password: formText(form, "password"), code: formText(form, "code") });
      return { notice: "Two-step codes are off.", recoveryCodes: null };
  }
}
