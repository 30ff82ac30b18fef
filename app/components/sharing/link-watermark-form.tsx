import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { ShareLink } from "~/lib/share-link";
import type { WatermarkPreview } from "~/lib/watermark";
import { refusalOfLink, type LinkRefusal } from "./link-refusal";
import { WatermarkFields, watermarkValues, type TypedWatermark } from "./watermark-fields";

/** The last refused post of a link's own watermark form: what was typed, and the field the message names. */
export type WatermarkRefusal = LinkRefusal<TypedWatermark>;

/**
 * A link's own form for its watermark (record 088), so the owner can add, change or remove it after sending the link
 * (a plain form), with a preview of the album's cover as the link's client sees it. A change draws new proofs at the
 * next view; the old ones leave the store.
 */
export function LinkWatermarkForm({
  link,
  refused,
  preview,
}: {
  link: ShareLink;
  refused?: WatermarkRefusal;
  /** The album's cover as the link's client sees it, while the link has a mark. */
  preview?: WatermarkPreview | undefined;
}) {
  const { mine, errorOf } = refusalOfLink(refused, link.id);
  return (
    <Form method="post" className="share-link__watermark">
      <input type="hidden" name="intent" value="link-watermark" />
      <input type="hidden" name="linkId" value={link.id} />
      <fieldset className="share-form-new__watermark">
        <legend>Watermark</legend>
        <WatermarkFields
          idPrefix={`link-${link.id}-watermark`}
          values={mine?.typed ?? watermarkValues(link.watermark)}
          errorOf={errorOf}
        />
      </fieldset>
      <Button type="submit" variant="secondary" aria-label={`Save the watermark for ${link.label}`}>
        Save
      </Button>
      {preview ? (
        <figure className="share-link__preview">
          <img
            src={preview.url}
            width={preview.width}
            height={preview.height}
            alt={`The album's cover as ${link.label} sees it, watermarked`}
          />
          <figcaption>What {link.label} sees</figcaption>
        </figure>
      ) : null}
    </Form>
  );
}
