import { Link } from "react-router";
import type { Image } from "~/lib/image";
import { GALLERY_PATH } from "~/lib/paths";
import { PhotoTiles } from "./photo-tiles";

/** The newest photos beside the upload panel, each with a link to edit it (hidden ones too: they are the owner's). */
export function LatestUploads({ images }: { images: Image[] }) {
  return (
    <aside className="latest-uploads" aria-labelledby="latest-uploads-heading">
      <h2 id="latest-uploads-heading">Latest uploads</h2>
      {images.length ? (
        <>
          <PhotoTiles images={images} label="Latest uploads" />
          <Link to={GALLERY_PATH}>All photos in the gallery</Link>
        </>
      ) : (
        <p className="muted">No photos yet: the ones you upload show here.</p>
      )}
    </aside>
  );
}
