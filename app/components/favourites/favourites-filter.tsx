import { Link } from "react-router";
import { useGalleryScope } from "~/components/gallery/gallery-scope";
import { LinkButton } from "~/components/ui/button";
import { ONLY_FAVOURITES, ONLY_PARAM, onlyFavourites } from "~/lib/favourites";
import { galleryHref, listStart } from "~/lib/gallery-url";
import { useFavourites } from "./favourites-context";

/** The position at its start, with or without the favourites filter, in the same order. */
function filtered(position: string, only: boolean): string {
  const params = new URLSearchParams(listStart(position));
  if (only) params.set(ONLY_PARAM, ONLY_FAVOURITES);
  else params.delete(ONLY_PARAM);
  return params.toString();
}

/**
 * "All photos" or "My favourites", for a share link's visitor: two links (the
 * filter is in the address, `only=favourites`, so it works without
 * JavaScript, and the viewer, the slideshow and the next page keep it).
 */
export function FavouritesFilter({ position }: { position: string }) {
  const favourites = useFavourites();
  const { path } = useGalleryScope();
  if (!favourites) return null;
  const only = onlyFavourites(position);
  return (
    <nav className="gallery-sort" aria-label="Which photos">
      {[false, true].map((choice) => (
        <Link
          key={String(choice)}
          to={galleryHref(filtered(position, choice), undefined, path)}
          className="gallery-sort__option"
          aria-current={choice === only ? "true" : undefined}
        >
          {choice ? "My favourites" : "All photos"}
        </Link>
      ))}
    </nav>
  );
}

/** The filtered list with nothing in it: how to mark a photo, and the way back to all of them. */
export function NoFavourites({ position }: { position: string }) {
  const { path } = useGalleryScope();
  return (
    <div className="gallery-empty">
      <h2>No favourites yet.</h2>
      <p>Tap the heart on a photo to mark it; your favourites then show here.</p>
      <LinkButton to={galleryHref(filtered(position, false), undefined, path)} className="gallery-empty__action">
        See all photos
      </LinkButton>
    </div>
  );
}
