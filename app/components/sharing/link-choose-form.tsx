import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { ShareLink } from "~/lib/share-link";
import { ChooseRuleFields } from "./choose-rule-fields";

/** The last refused post of a link's own choose form: what was typed, and the field the message names. */
export interface ChooseRefusal {
  message: string;
  field: string | null;
  typed: { linkId: string; chooseMode: string; chooseCount: string };
}

/**
 * A link's own form for how many photos its clients choose, so the owner can change the number after sending the
 * link (a plain form; record 080). Selections already sent stay sent: the owner reopens them if they should choose
 * again.
 */
export function LinkChooseForm({ link, refused }: { link: ShareLink; refused?: ChooseRefusal }) {
  const mine = refused?.typed.linkId === String(link.id) ? refused : undefined;
  const errorOf = (name: string) => (mine?.field === name ? mine.message : null);
  return (
    <Form method="post" className="share-link__choose">
      <input type="hidden" name="intent" value="link-choose" />
      <input type="hidden" name="linkId" value={link.id} />
      <fieldset className="share-form-new__choose">
        <legend>Photos to choose</legend>
        <ChooseRuleFields
          idPrefix={`link-${link.id}-choose`}
          mode={mine?.typed.chooseMode ?? (link.choose?.exactly ? "exactly" : "up-to")}
          count={mine?.typed.chooseCount ?? (link.choose ? String(link.choose.count) : "")}
          errorOf={errorOf}
        />
      </fieldset>
      <Button type="submit" variant="secondary" aria-label={`Save the photos to choose for ${link.label}`}>
        Save
      </Button>
    </Form>
  );
}
