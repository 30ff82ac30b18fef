import { useSearchParams } from "react-router";
import { DotSeparated } from "~/components/ui/dot-separated";
import { favouriteCount } from "~/lib/favourites";
import { viewerImageId } from "~/lib/gallery-url";
import { useFavourites } from "./favourites-context";
import { NameForm } from "./name-form";
import { SelectionPanel } from "./selection-panel";
import "~/styles/favourites.css";

/** Under the album's title, for a share link's visitor: "N favourites", whose they are, the name step and the selection. */
export function FavouritesBar() {
  const favourites = useFavourites();
  const [searchParams] = useSearchParams();
  if (!favourites) return null;
  // With the viewer open, the viewer asks for the name (ViewerNameStep): this page is inert behind it.
  const asking = viewerImageId(searchParams) === null ? favourites.asking : null;
  return (
    <div className="favourites-bar">
      <p className="favourites-count" role="status">
        <DotSeparated parts={[favouriteCount(favourites.count), ...(favourites.name ? [favourites.name] : [])]} />
      </p>
      {favourites.message ? (
        <p className="favourites-message" role="alert">
          {favourites.message}
        </p>
      ) : null}
      {asking ? <NameForm step={asking} /> : null}
      <SelectionPanel />
    </div>
  );
}

/** In the viewer: the name form for a heart clicked there before a name was given (the page behind is inert). */
export function ViewerNameStep({ imageId }: { imageId: number }) {
  const favourites = useFavourites();
  return favourites?.asking?.imageId === imageId ? <NameForm step={favourites.asking} /> : null;
}
