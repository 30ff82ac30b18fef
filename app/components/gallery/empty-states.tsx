import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { ADMIN_PATH, GALLERY_PATH } from "~/lib/paths";

/**
 * An empty gallery: the spec's words for a visitor; the owner, who can change
 * it, is invited to upload.
 */
export function EmptyGallery({ owner }: { owner: boolean }) {
  return (
    <div className="gallery-empty">
      <h2>No images available</h2>
      {owner ? (
        <>
          <p>Nothing is published yet: your photos appear here as soon as you upload them.</p>
          <LinkButton to={ADMIN_PATH} className="gallery-empty__action">
            Upload photos on the dashboard
          </LinkButton>
        </>
      ) : (
        <p>Please check back later.</p>
      )}
    </div>
  );
}

/** An album without photos: plainly empty to a visitor; the owner is told how photos get in. */
export function EmptyAlbum({ owner }: { owner: boolean }) {
  return (
    <div className="gallery-empty">
      <h2>No photos in this album yet.</h2>
      {owner ? (
        <p>
          Choose this album when you upload on the <Link to={ADMIN_PATH}>dashboard</Link>, or open a photo in the{" "}
          <Link to={GALLERY_PATH}>gallery</Link>, choose Edit and tick the album.
        </p>
      ) : null}
    </div>
  );
}
