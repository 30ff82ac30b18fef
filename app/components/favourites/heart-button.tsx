import type { FormEvent } from "react";
import { useLocation } from "react-router";
import type { Image } from "~/lib/image";
import { heartReturnPath } from "~/lib/favourites";
import { favouritesFormPath } from "~/lib/paths";
import { useFavourites } from "./favourites-context";
import "~/styles/favourites.css";

function HeartIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size}>
      <path
        d="M12 20s-7.5-4.55-7.5-10.1A4.4 4.4 0 0 1 12 7.1a4.4 4.4 0 0 1 7.5 2.8C19.5 15.45 12 20 12 20z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface Props {
  image: Pick<Image, "id" | "name">;
  /** The viewer's heart returns to the viewer; the grid's to its tile (`#image-<id>`). */
  inViewer?: boolean;
}

/**
 * A share link's visitor's heart on a photo: a plain form without
 * JavaScript (back where it was clicked), marked in place with it. Drawn only
 * on an album page opened through a share link; read-only once the selection was sent.
 */
export function HeartButton({ image, inViewer = false }: Props) {
  const favourites = useFavourites();
  const location = useLocation();
  if (!favourites) return null;
  const on = favourites.isFavourite(image.id);
  const back = heartReturnPath(location.pathname, location.search, image.id, inViewer);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    favourites!.toggle(image.id, !on, back);
  }
  return (
    <form
      method="post"
      action={favouritesFormPath(favourites.albumSlug)}
      className={inViewer ? "heart-form" : "heart-form heart-form--tile"}
      id={inViewer ? undefined : `image-${image.id}`}
      onSubmit={submit}
    >
      <input type="hidden" name="imageId" value={image.id} />
      <input type="hidden" name="favourite" value={on ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        className={inViewer ? "viewer-button viewer-control heart" : "heart heart--tile"}
        aria-pressed={on}
        // A sent selection is read-only until the photographer reopens it (record 080).
        disabled={favourites.locked}
        title={favourites.locked ? "Your selection was sent" : on ? "Unmark favourite" : "Mark as favourite"}
      >
        <HeartIcon filled={on} size={inViewer ? 22 : 20} />
        <span className="visually-hidden">{`Favourite ${image.name}`}</span>
      </button>
    </form>
  );
}
