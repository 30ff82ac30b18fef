/** A form's last answer in the Site section: what was done, or why it was refused. */
export function SiteAnswer({
  answer,
}: {
  answer: { ok: boolean; notice?: string; error?: string; text?: string } | null;
}) {
  if (!answer) return null;
  const text = answer.ok ? (answer.notice ?? answer.text) : (answer.error ?? answer.text);
  return (
    <p className={answer.ok ? "banner banner--success" : "banner banner--error"} role={answer.ok ? "status" : "alert"}>
      {text}
    </p>
  );
}

/** A refused form's typed value for `name`, else the saved one: a refusal never loses what was typed. */
export function keptValue(
  answer: { ok: boolean; values?: Record<string, string> } | null,
  name: string,
  saved: string,
): string {
  return answer && !answer.ok ? (answer.values?.[name] ?? saved) : saved;
}
