import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { ShareLink } from "~/lib/share-link";
import { ChooseRuleFields } from "./choose-rule-fields";
import { refusalOfLink, type LinkRefusal } from "./link-refusal";

/** The last refused post of a link's own choose form: what was typed, and the field the message names. */
export type ChooseRefusal = LinkRefusal<{ chooseMode: string; chooseCount: string }>;

/**
 * A link's own form for how many photos its clients choose, so the owner can change the number after sending the
 * link (a plain form; record 080). Selections already sent stay sent: the owner reopens them if they should choose
 * again.
 */
export function LinkChooseForm({ link, refused }: { link: ShareLink; refused?: ChooseRefusal }) {
  const { mine, errorOf } = refusalOfLink(refused, link.id);
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
