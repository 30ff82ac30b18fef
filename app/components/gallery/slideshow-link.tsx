import { Link } from "react-router";
import { galleryHref } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";

/** Opened in place, playing: the viewer reads `slideshow` once, and the history entry steps back as any in-place one. */
const PLAYING = { inPlace: true, slideshow: true };

/** The list's slideshow from its first photo, on the gallery's page and each album's: the viewer's own, started. */
export function SlideshowLink({ position, first }: { position: string; first: number }) {
  const { path } = useGalleryScope();
  return (
    // The slideshow is the script's: without it this would only open the first photo.
    <Link
      to={galleryHref(position, { image: first }, path)}
      state={PLAYING}
      preventScrollReset
      // The first photo is in the list: the viewer needs nothing from the server.
      defaultShouldRevalidate={false}
      className="gallery-nav__link js-only"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
      </svg>
      Slideshow
    </Link>
  );
}
