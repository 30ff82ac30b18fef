import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { Route } from "../../routes/+types/photography.admin.account";
import type { AccountAnswer } from "./account-page";
import { RecoveryCodesList } from "./recovery-codes-list";
import { SectionAnswer } from "./section-answer";

type TwoStepStatus = Route.ComponentProps["loaderData"]["twoStep"];
type Intent = NonNullable<AccountAnswer>["intent"];

/** The intents of this section's forms (the server's TWO_STEP_INTENTS). */
const INTENTS: readonly Intent[] = ["totp-begin", "totp-cancel", "totp-confirm", "recovery-codes", "totp-off"];

export function isTwoStepAnswer(answer: AccountAnswer): boolean {
  return answer !== null && INTENTS.includes(answer.intent);
}

/** "Nov 25, 2026": the same on the server and in every browser. */
function formatDay(when: string): string {
  return new Date(when).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

function CodeField({ id, label, invalid }: { id: string; label: string; invalid: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        required
        aria-invalid={invalid || undefined}
      />
    </div>
  );
}

function TurnOn() {
  return (
    <>
      <p className="muted account-section__lede">
        Sign in with a code from an authenticator app as well as the password.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="totp-begin" />
        <Button type="submit">Turn on two-step codes</Button>
      </Form>
    </>
  );
}

/** The QR code and its key as text, then the app's first code. */
function Confirm({ qrSvg, secret, invalid }: { qrSvg: string; secret: string; invalid: boolean }) {
  return (
    <>
      <p className="account-section__lede">Scan the QR code with your authenticator app, or type the key into it.</p>
      <div className="totp-setup">
        {/* Drawn on the server from the key; nothing in it comes from a visitor. */}
        <div
          className="totp-qr"
          role="img"
          aria-label="QR code of the key for your authenticator app"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <div className="totp-key">
          <p className="totp-key__label">Key</p>
          <code className="totp-key__secret">{secret}</code>
        </div>
      </div>
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="totp-confirm" />
        <CodeField id="totp-confirm-code" label="Code from the app" invalid={invalid} />
        <div>
          <Button type="submit">Turn on</Button>
        </div>
      </Form>
      <Form method="post" className="totp-cancel">
        <input type="hidden" name="intent" value="totp-cancel" />
        <Button type="submit" variant="secondary">
          Cancel
        </Button>
      </Form>
    </>
  );
}

function TurnedOn({ since, left, answer }: { since: string; left: number; answer: AccountAnswer }) {
  const invalid = answer && !answer.ok ? answer.field : null;
  const codesInvalid = answer?.intent === "recovery-codes" && invalid === "code";
  return (
    <>
      <p className="account-section__lede">
        {`On since ${formatDay(since)}. ${left === 1 ? "1 recovery code" : `${left} recovery codes`} left.`}
      </p>
      <h3 className="two-step__heading">New recovery codes</h3>
      <p className="muted account-section__lede">
        A new set replaces the old one. Enter a code from the app to make it.
      </p>
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="recovery-codes" />
        <CodeField id="recovery-codes-code" label="Code from the app" invalid={codesInvalid} />
        <div>
          <Button type="submit" variant="secondary">
            Make a new set
          </Button>
        </div>
      </Form>
      <h3 className="two-step__heading">Turn off</h3>
      <p className="muted account-section__lede">Needs the password and a code from the app.</p>
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="totp-off" />
        <div className="field">
          <label htmlFor="totp-off-password">Password</label>
          <input
            id="totp-off-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={(answer?.intent === "totp-off" && invalid === "password") || undefined}
          />
        </div>
        <CodeField
          id="totp-off-code"
          label="Code from the app"
          invalid={answer?.intent === "totp-off" && invalid === "code"}
        />
        <div>
          <Button type="submit" variant="danger">
            Turn off two-step codes
          </Button>
        </div>
      </Form>
    </>
  );
}

export function TwoStepSection({ status, answer }: { status: TwoStepStatus; answer: AccountAnswer }) {
  const recoveryCodes =
    answer?.ok && "recoveryCodes" in answer && Array.isArray(answer.recoveryCodes) ? answer.recoveryCodes : null;
  const invalidCode = Boolean(answer && !answer.ok && answer.field === "code");
  return (
    <section className="card account-section" aria-labelledby="two-step-heading">
      <h2 id="two-step-heading">Two-step codes</h2>
      <SectionAnswer answer={answer} />
      {recoveryCodes && <RecoveryCodesList codes={recoveryCodes} />}
      {status.state === "off" && <TurnOn />}
      {status.state === "pending" && <Confirm qrSvg={status.qrSvg} secret={status.secret} invalid={invalidCode} />}
      {status.state === "on" && <TurnedOn since={status.since} left={status.recoveryCodesLeft} answer={answer} />}
    </section>
  );
}
