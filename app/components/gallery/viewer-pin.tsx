import { buttonClass } from "~/components/ui/button";

interface Props {
  imageId: number;
  /** The photo's viewer URL: the forms post to the page and are sent back here. */
  viewHref: string;
  /** The pinned photos in order. */
  pinnedIds: number[];
}

/**
 * The admin's pins for the gallery's "featured first" order, as plain forms:
 * they work without JavaScript, and with it post the same way.
 */
export function ViewerPin({ imageId, viewHref, pinnedIds }: Props) {
  const place = pinnedIds.indexOf(imageId);
  const steps =
    place === -1
      ? [{ step: "pin", label: "Pin to the top" }]
      : [
          ...(place > 0 ? [{ step: "up", label: "Move up" }] : []),
          ...(place < pinnedIds.length - 1 ? [{ step: "down", label: "Move down" }] : []),
          { step: "unpin", label: "Unpin" },
        ];
  return (
    <section className="viewer-move" aria-label="Featured first">
      {place === -1 ? null : (
        <p>
          Pinned {place + 1} of {pinnedIds.length}
        </p>
      )}
      <div className="viewer-move__steps">
        {steps.map(({ step, label }) => (
          <form key={step} method="post" action={viewHref}>
            <input type="hidden" name="intent" value="pin" />
            <input type="hidden" name="id" value={imageId} />
            <input type="hidden" name="redirectTo" value={viewHref} />
            <input type="hidden" name="step" value={step} />
            <button type="submit" className={buttonClass({ variant: "secondary" })}>
              {label}
            </button>
          </form>
        ))}
      </div>
    </section>
  );
}
