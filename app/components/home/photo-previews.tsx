import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import type { Image } from "~/lib/image";

interface Props {
  previews: Promise<Image[]>;
}

/** Random photos streamed in after the page shell; each opens in the gallery's viewer. */
export function PhotoPreviews({ previews }: Props) {
  return (
    <>
      <p className="previews__actions">
        <Link to="/photography" className="button">
          View full gallery
        </Link>
      </p>
      <Suspense fallback={<p className="previews__status">Loading Images...</p>}>
        {/* The spec shows no message when previews fail to load. */}
        <Await resolve={previews} errorElement={<></>}>
          {(images) =>
            images.length === 0 ? (
              <div className="previews__status">
                <p className="previews__empty-title">No images available</p>
                <p>Please check back later.</p>
              </div>
            ) : (
              <ul className="previews" aria-label="Random photos">
                {images.map((image, index) => (
                  <li key={image.id} className="previews__item">
                    <Link to={`/photography?image=${image.id}`} className="previews__link">
                      <ResponsiveImage
                        image={image}
                        className="previews__image"
                        sizes="(min-width: 1100px) 340px, (min-width: 768px) 31vw, 46vw"
                        priority={index < 2}
                      />
                    </Link>
                  </li>
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
    </>
  );
}
