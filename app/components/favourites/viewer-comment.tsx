import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { selectionFormPath } from "~/lib/paths";
import { MAX_COMMENT_LENGTH } from "~/lib/selection";
import { useFavourites } from "./favourites-context";

/**
 * In the viewer's caption, for a named visitor: their comment on the photo
 * (record 080), a plain form that returns to this photo; an empty comment
 * removes it. Read-only once their selection was sent. React prints it as
 * text: nothing in it is markup.
 */
export function ViewerComment({ imageId }: { imageId: number }) {
  const favourites = useFavourites();
  const location = useLocation();
  if (!favourites?.name) return null;
  const current = favourites.selection.comments[imageId] ?? "";
  if (favourites.locked) {
    return current ? (
      <div className="viewer-comment">
        <p className="viewer-comment__label">Your comment</p>
        <p className="viewer-comment__text">{current}</p>
      </div>
    ) : null;
  }
  const fieldId = `comment-${imageId}`;
  const back = `${location.pathname}${location.search}`;
  return (
    <form method="post" action={selectionFormPath(favourites.albumSlug)} className="viewer-comment" key={imageId}>
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="imageId" value={imageId} />
      <input type="hidden" name="redirectTo" value={back} />
      <div className="field">
        <label htmlFor={fieldId}>Your comment</label>
        <textarea id={fieldId} name="comment" rows={2} maxLength={MAX_COMMENT_LENGTH} defaultValue={current} />
        <p className="field__hint">{`For the photographer, at most ${MAX_COMMENT_LENGTH} characters. Empty it to remove it.`}</p>
      </div>
      <Button type="submit" variant="secondary">
        Save comment
      </Button>
    </form>
  );
}
