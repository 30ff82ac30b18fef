/** The last refused post of one of a listed link's own forms: its message, the field it names, what was typed. */
export interface LinkRefusal<Typed> {
  message: string;
  field: string | null;
  typed: Typed & { linkId: string };
}

/** That refusal when it was this link's (`mine`, to show what was typed again), and the message for each field. */
export function refusalOfLink<Typed>(refused: LinkRefusal<Typed> | undefined, linkId: number) {
  const mine = refused?.typed.linkId === String(linkId) ? refused : undefined;
  return { mine, errorOf: (name: string) => (mine?.field === name ? mine.message : null) };
}
