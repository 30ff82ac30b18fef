import { useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { isAborted, passkeyErrorText, registerPasskey } from "~/components/admin/passkey-ceremony";
import { Button } from "~/components/ui/button";
import "~/styles/passkeys.css";
import type { Route } from "../../routes/+types/photography.admin.account";
import type { AccountAnswer } from "./account-page";
import { formatWhen } from "./devices-section";
import { SectionAnswer } from "./section-answer";

type Passkey = Route.ComponentProps["loaderData"]["passkeys"][number];

/** The passkey names the account page's forms accept (passkeys.server.ts). */
const MAX_NAME_LENGTH = 64;

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const renameId = `passkey-name-${passkey.id}`;
  return (
    <li className="passkey">
      <div className="passkey__summary">
        <h3 className="passkey__name">{passkey.name}</h3>
        <dl className="passkey__facts">
          <div>
            <dt>Added</dt>
            <dd>{formatWhen(passkey.createdAt)}</dd>
          </div>
          <div>
            <dt>Last used</dt>
            <dd>{passkey.lastUsedAt ? formatWhen(passkey.lastUsedAt) : "Never"}</dd>
          </div>
        </dl>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="remove-passkey" />
        <input type="hidden" name="passkey" value={passkey.id} />
        <Button type="submit" variant="danger" aria-label={`Remove the passkey ${passkey.name}`}>
          Remove
        </Button>
      </Form>
      {/* Keyed by the name, so a rename shows the new one in the field, with or without JavaScript. */}
      <Form method="post" className="passkey__rename" key={passkey.name}>
        <input type="hidden" name="intent" value="rename-passkey" />
        <input type="hidden" name="passkey" value={passkey.id} />
        <div className="field">
          <label htmlFor={renameId} className="visually-hidden">{`New name for ${passkey.name}`}</label>
          <input id={renameId} name="name" defaultValue={passkey.name} maxLength={MAX_NAME_LENGTH} required />
        </div>
        <Button type="submit" variant="secondary">
          Rename
        </Button>
      </Form>
    </li>
  );
}

/** Adding needs the browser's WebAuthn, so JavaScript: without it the form is hidden and a note says so. */
function AddPasskey() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = new FormData(form).get("name");
    if (typeof name !== "string") return;
    setBusy(true);
    setOutcome(null);
    try {
      await registerPasskey(name);
      form.reset();
      setOutcome({ ok: true, text: `Added the passkey “${name.trim()}”.` });
      await revalidator.revalidate();
    } catch (caught) {
      if (!isAborted(caught)) {
        setOutcome({ ok: false, text: passkeyErrorText(caught) });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {outcome && (
        <p
          className={`banner ${outcome.ok ? "banner--success" : "banner--error"}`}
          role={outcome.ok ? "status" : "alert"}
        >
          {outcome.text}
        </p>
      )}
      <form className="passkey-add js-only" onSubmit={(event) => void add(event)}>
        <div className="field">
          <label htmlFor="passkey-new-name">Name of the new passkey</label>
          <input
            id="passkey-new-name"
            name="name"
            placeholder="MacBook, Phone…"
            maxLength={MAX_NAME_LENGTH}
            autoComplete="off"
            required
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Adding…" : "Add a passkey"}
        </Button>
      </form>
      <p className="muted no-js-only">Adding a passkey needs JavaScript. Renaming and removing work without it.</p>
    </>
  );
}

export function PasskeysSection({ passkeys, answer }: { passkeys: Passkey[]; answer: AccountAnswer }) {
  return (
    <section className="card account-section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p className="muted account-section__lede">
        Sign in with your fingerprint, face or device PIN instead of the password.
      </p>
      <SectionAnswer answer={answer} />
      {passkeys.length > 0 ? (
        <ul className="passkeys">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p>No passkeys yet.</p>
      )}
      {/* A new answer of the plain forms starts the add form afresh, so only one notice shows. */}
      <AddPasskey key={answer ? JSON.stringify(answer) : "add"} />
    </section>
  );
}
