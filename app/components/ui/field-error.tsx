/** A form's refusal as the page action answers it: its message and the exact field it names (`links[2].url`). */
interface Refusal {
  ok: boolean;
  field?: string | null;
  error?: string;
}

/** The refusal's message when it names the input `name`, else null. */
export function fieldError(answer: Refusal | null | undefined, name: string): string | null {
  return answer && !answer.ok && answer.field === name ? (answer.error ?? null) : null;
}

/** An input's attributes for its refusal: marked invalid and described by the message beside it (and its hint). */
export function invalidProps(message: string | null, id: string, hintId?: string) {
  const describedBy = [message ? `${id}-error` : undefined, hintId].filter(Boolean).join(" ");
  return { "aria-invalid": message ? true : undefined, "aria-describedby": describedBy || undefined };
}

/** The refusal's message beside the input it names (`id` is the input's), drawn by the server with or without JavaScript. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p className="field__error" id={`${id}-error`}>
      {message}
    </p>
  ) : null;
}
