import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { AccountAnswer } from "./account-page";
import { SectionAnswer } from "./section-answer";

interface PasswordSectionProps {
  minCharacters: number;
  /** ADMIN_PASSWORD is set: each start puts it back. */
  fromEnvironment: boolean;
  answer: AccountAnswer;
}

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "New password again", autoComplete: "new-password" },
] as const;

export function PasswordSection({ minCharacters, fromEnvironment, answer }: PasswordSectionProps) {
  const invalid = answer && !answer.ok ? answer.field : null;
  return (
    <section className="card account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <p className="muted account-section__lede">
        At least {minCharacters} characters, not a common password. Saving signs out every other device.
      </p>
      {fromEnvironment && (
        <p className="account-note">
          ADMIN_PASSWORD is set on the server: each start resets the password to it. Remove it to keep the one you
          choose here.
        </p>
      )}
      <SectionAnswer answer={answer} />
      {/* A new key after each success empties the fields, with or without JavaScript. */}
      <Form method="post" className="account-form" key={answer?.ok ? answer.at : "form"}>
        <input type="hidden" name="intent" value="change-password" />
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`account-${field.name}`}>{field.label}</label>
            <input
              id={`account-${field.name}`}
              name={field.name}
              type="password"
              autoComplete={field.autoComplete}
              minLength={field.name === "currentPassword" ? undefined : minCharacters}
              required
              aria-invalid={invalid === field.name ? true : undefined}
            />
          </div>
        ))}
        <div>
          <Button type="submit">Change password</Button>
        </div>
      </Form>
    </section>
  );
}
