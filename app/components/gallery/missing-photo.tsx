import { LinkButton } from "~/components/ui/button";
import { useGalleryScope } from "./gallery-scope";

/** What a link to a photo that is not there shows: the gallery, with this note on top and a way back. */
export function MissingPhoto({ message }: { message: string }) {
  const { path, albumId } = useGalleryScope();
  return (
    <section className="gallery-missing" aria-labelledby="gallery-missing-title">
      <h2 id="gallery-missing-title">Photo not found</h2>
      <p>{message}. It may have been deleted, or the link is mistyped.</p>
      <LinkButton to={path} variant="secondary">
        {albumId === undefined ? "Back to the gallery" : "Back to the album"}
      </LinkButton>
    </section>
  );
}
