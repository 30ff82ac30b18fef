import { buttonClass } from "~/components/ui/button";
import { galleryHref, type ViewerHistoryState } from "~/lib/gallery-url";
import type { Image } from "~/lib/image";
import { useGalleryScope } from "./gallery-scope";
import { ModeLink } from "./mode-link";

const COVER_QUESTION = "Use this photo as the album's cover?";

interface Props {
  image: Image;
  position: string;
  modeLinkProps: { state: ViewerHistoryState | undefined; defaultShouldRevalidate: boolean };
}

/**
 * On an album's page: "Use as album cover" leads to a confirmation step (a
 * link, so it works without JavaScript); the photo that is the cover says so
 * instead of offering it again.
 */
export function CoverChoice({ image, position, modeLinkProps }: Props) {
  const { path, albumId, coverId } = useGalleryScope();
  if (albumId === undefined) return null;
  if (image.id === coverId)
    return <p className="viewer-cover viewer-cover--current">This photo is the album's cover.</p>;
  return (
    <p className="viewer-cover">
      <ModeLink
        to={galleryHref(position, { image: image.id, mode: "confirm-cover" }, path)}
        {...modeLinkProps}
        className={buttonClass({ variant: "secondary" })}
      >
        Use as album cover
      </ModeLink>
    </p>
  );
}

/** The confirmation: a plain form whose answer reloads the page, so the albums page and the header follow. */
export function CoverConfirm({ image, position, modeLinkProps }: Props) {
  const { path } = useGalleryScope();
  const viewHref = galleryHref(position, { image: image.id }, path);
  return (
    <form method="post" action={viewHref} className="viewer-form" aria-labelledby="viewer-cover-question">
      <input type="hidden" name="intent" value="cover" />
      <input type="hidden" name="id" value={image.id} />
      <input type="hidden" name="redirectTo" value={viewHref} />
      <p id="viewer-cover-question">{COVER_QUESTION}</p>
      <div className="viewer-actions">
        <button type="submit" className={buttonClass()}>
          Use as cover
        </button>
        <ModeLink to={viewHref} {...modeLinkProps} className={buttonClass({ variant: "secondary" })}>
          Cancel
        </ModeLink>
      </div>
    </form>
  );
}
