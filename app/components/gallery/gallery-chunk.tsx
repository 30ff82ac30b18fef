import { memo } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import type { Image } from "~/lib/image";
import { galleryHref, type ViewerHistoryState } from "~/lib/gallery-url";

/** Matches gallery.css: 1 column, 2 from 640px, 3 from 1024px, inside an 80rem page with 1rem gaps and padding. */
const THUMBNAIL_SIZES =
  "(min-width: 1024px) calc((min(100vw, 80rem) - 4rem) / 3), (min-width: 640px) calc((100vw - 3rem) / 2), calc(100vw - 2rem)";
const IN_PLACE: ViewerHistoryState = { inPlace: true };

/**
 * Only the first photo (the phone's LCP) loads eagerly at high priority; the
 * browser still fetches lazy ones in or near the viewport at once, and more
 * high-priority images would compete with it on a slow connection
 * (Lighthouse mobile: 95 with two, 97 with one).
 */
const EAGER_COUNT = 1;

interface Props {
  images: Image[];
  /** The list position of the page's URL, kept in the viewer links so a page without JavaScript stays where it is. */
  position: string;
  first: boolean;
}

/**
 * One page of thumbnails in its own masonry block: appending a page neither
 * re-renders nor re-flows the pages above it.
 */
export const GalleryChunk = memo(function GalleryChunk({ images, position, first }: Props) {
  if (images.length === 0) return null;
  return (
    <ul className={first ? "gallery-chunk" : "gallery-chunk gallery-chunk--later"}>
      {images.map((image, index) => (
        <li key={image.id} className="gallery-item">
          <Link
            to={galleryHref(position, { image: image.id })}
            state={IN_PLACE}
            preventScrollReset
            // The photo is in the list: the viewer needs nothing from the server.
            defaultShouldRevalidate={false}
            className="gallery-thumb"
            data-image-id={image.id}
          >
            <ResponsiveImage image={image} sizes={THUMBNAIL_SIZES} priority={first && index < EAGER_COUNT} />
          </Link>
        </li>
      ))}
    </ul>
  );
});
