/** A form's last answer: the notice of what was done, or why it was refused. */
export function AnswerBanner({ ok, message }: { ok: boolean; message: string }) {
  return ok ? (
    <p className="banner banner--success" role="status">
      {message}
    </p>
  ) : (
    <p className="banner banner--error" role="alert">
      {message}
    </p>
  );
}
