/**
 * The account page's server side: what it shows (the devices signed in, the
 * password form) and its forms. Each part is a section of its own, so later
 * ones (passkeys, two-step codes) join as more sections and intents.
 */
import { data } from "react-router";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { positiveWhole, parseInput } from "~/server/http/input.server";
import { requireAdminPage } from "./auth.server";
import { endOtherSessions, endSession, listDevices } from "./devices.server";
import { changePassword } from "./password-change.server";
import { MIN_PASSWORD_CHARACTERS } from "./password-policy.server";
import { listPasskeys, removePasskey, renamePasskey } from "./passkeys.server";
import { twoStepStatus } from "./totp-enrolment.server";
import { TWO_STEP_INTENTS, twoStepAction } from "./two-step-page.server";

export const ACCOUNT_INTENTS = [
  "change-password",
  "sign-out",
  "sign-out-others",
  "rename-passkey",
  "remove-passkey",
  ...TWO_STEP_INTENTS,
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/** The page's data; `siteName` (site/site-identity.server.ts, handed in by the route) names a new two-step secret. */
export async function accountLoader(request: Request, siteName: string) {
  const session = await requireAdminPage(request);
  return {
    devices: await listDevices(session),
    passkeys: listPasskeys(session.userId),
    minPasswordCharacters: MIN_PASSWORD_CHARACTERS,
    /** Each start resets the password to ADMIN_PASSWORD, so the owner is told before changing it. */
    passwordFromEnvironment: Boolean(config().adminPassword),
    twoStep: await twoStepStatus(session, siteName),
  };
}

function intentOf(form: FormData | undefined): AccountIntent | null {
  const intent = formText(form, "intent");
  return ACCOUNT_INTENTS.find((known) => known === intent) ?? null;
}

/** A refusal, shown beside the form it came from; `field` names the input at fault. */
function accountRefusal(error: HttpError, form: FormData | undefined) {
  return { ok: false as const, intent: intentOf(form), error: error.message, field: error.field };
}

function done(intent: AccountIntent, notice: string) {
  // `at` tells the page a new answer came, so the password form starts empty again.
  return data({ ok: true as const, intent, notice, at: Date.now() });
}

const sessionId = positiveWhole("session must be a session number");

export const accountAction = pageAction(
  { guard: requireAdminPage, refusal: accountRefusal },
  async (form: FormData, _args: { request: Request }, session) => {
    const intent = intentOf(form);
    switch (intent) {
      case "change-password": {
        const { endedSessions } = await changePassword(session, {
          currentPassword: formText(form, "currentPassword"),
          newPassword: formText(form, "newPassword"),
          confirmPassword: formText(form, "confirmPassword"),
        });
        const ended = endedSessions === 1 ? "1 other session" : `${endedSessions} other sessions`;
        return done("change-password", `Password changed. Signed out ${ended}.`);
      }
      case "sign-out":
        endSession(session, parseInput(sessionId, formText(form, "session")));
        return done("sign-out", "Signed out that device.");
      case "sign-out-others": {
        const ended = endOtherSessions(session);
        return done(
          "sign-out-others",
          ended === 1 ? "Signed out 1 other session." : `Signed out ${ended} other sessions.`,
        );
      }
      case "rename-passkey": {
        const name = renamePasskey(session.userId, {
          passkey: formText(form, "passkey"),
          name: formText(form, "name"),
        });
        return done("rename-passkey", `Renamed the passkey to “${name}”.`);
      }
      case "remove-passkey": {
        const name = removePasskey(session.userId, { passkey: formText(form, "passkey") });
        return done("remove-passkey", `Removed the passkey “${name}”.`);
      }
      case "totp-begin":
      case "totp-cancel":
      case "totp-confirm":
      case "recovery-codes":
      case "totp-off": {
        const { notice, recoveryCodes } = await twoStepAction(intent, form, session);
        return data({ ok: true as const, intent, notice, at: Date.now(), recoveryCodes });
      }
      case null:
        throw new HttpError(400, "Unknown action.");
    }
  },
);
