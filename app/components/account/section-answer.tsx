import type { AccountAnswer } from "./account-page";

/** A section's last answer: the notice of what was done, or why it was refused. */
export function SectionAnswer({ answer }: { answer: AccountAnswer }) {
  if (!answer) return null;
  if (answer.ok) {
    return (
      <p className="banner banner--success" role="status">
        {answer.notice}
      </p>
    );
  }
  return (
    <p className="banner banner--error" role="alert">
      {answer.error}
    </p>
  );
}
