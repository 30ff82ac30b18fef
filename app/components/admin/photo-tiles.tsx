import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { galleryHref } from "~/lib/gallery-url";
import type { Image } from "~/lib/image";

/**
 * Photos the owner just uploaded, each named under its thumbnail (in its own
 * shape) with a link to open it and one to edit its name and description.
 */
export function PhotoTiles({ images, label }: { images: Image[]; label: string }) {
  return (
    <ul className="photo-tiles" aria-label={label}>
      {images.map((image) => (
        <li key={image.id} className="photo-tile">
          <Link to={galleryHref("", { image: image.id })} className="photo-tile__picture">
            <ResponsiveImage image={image} sizes="8rem" className="photo-tile__thumb" />
          </Link>
          <span className="photo-tile__name" title={image.name}>
            {image.name}
          </span>
          <Link to={galleryHref("", { image: image.id, mode: "edit" })} aria-label={`Edit ${image.name}`}>
            Edit
          </Link>
        </li>
      ))}
    </ul>
  );
}
