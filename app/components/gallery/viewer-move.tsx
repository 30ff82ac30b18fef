import { buttonClass } from "~/components/ui/button";

const STEPS = [
  { step: "start", label: "Move to start" },
  { step: "up", label: "Move up" },
  { step: "down", label: "Move down" },
  { step: "end", label: "Move to end" },
] as const;

interface Props {
  imageId: number;
  /** The photo's viewer URL: the forms post to the page and are sent back here. */
  viewHref: string;
  /** How many photos the album holds: the highest place a photo can take. */
  albumSize: number;
}

/**
 * The admin's moves in an album's manual order, as plain forms: they work
 * without JavaScript, and with it post the same way (the page reloads in the new order).
 */
export function ViewerMove({ imageId, viewHref, albumSize }: Props) {
  const hidden = (
    <>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={imageId} />
      <input type="hidden" name="redirectTo" value={viewHref} />
    </>
  );
  return (
    <section className="viewer-move" aria-label="Place in the album">
      <div className="viewer-move__steps">
        {STEPS.map(({ step, label }) => (
          <form key={step} method="post" action={viewHref}>
            {hidden}
            <input type="hidden" name="step" value={step} />
            <button type="submit" className={buttonClass({ variant: "secondary" })}>
              {label}
            </button>
          </form>
        ))}
      </div>
      <form method="post" action={viewHref} className="viewer-move__position">
        {hidden}
        <input type="hidden" name="step" value="position" />
        <label htmlFor="viewer-move-position">Position</label>
        <input
          id="viewer-move-position"
          name="position"
          type="number"
          inputMode="numeric"
          min={1}
          max={albumSize}
          required
        />
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Move to position
        </button>
      </form>
    </section>
  );
}
