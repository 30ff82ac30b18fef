import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { LinkButton } from "~/components/ui/button";
import { galleryHref } from "~/lib/gallery-url";
import type { Image } from "~/lib/image";
import { GALLERY_PATH } from "~/lib/paths";
import type { Route } from "../../routes/+types/home";

interface Props {
  /** A promise on client-side navigations, the images themselves on a full page load. */
  previews: NonNullable<Route.ComponentProps["loaderData"]["previews"]>;
}

function PreviewList({ images }: { images: Image[] }) {
  if (images.length === 0) {
    return (
      <div className="previews__status">
        <p className="previews__empty-title">No images available</p>
        <p>Please check back later.</p>
      </div>
    );
  }
  return (
    <ul className="previews" aria-label="Random photos">
      {images.map((image, index) => (
        <li key={image.id} className="previews__item">
          <Link to={galleryHref("", { image: image.id })} className="previews__link">
            <ResponsiveImage
              image={image}
              className="previews__image"
              sizes="(min-width: 1240px) 376px, (min-width: 768px) 31vw, 46vw"
              loading={index < 2 ? "eager" : "lazy"}
              fetchPriority={index < 2 ? "high" : "auto"}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Random photos, each opening in the gallery's viewer. Images already at hand render
 * directly: React may move a large finished Suspense boundary into a hidden chunk that
 * only JavaScript reveals, which would leave pages without JavaScript at the fallback.
 */
export function PhotoPreviews({ previews }: Props) {
  return (
    <>
      <p className="previews__actions">
        <LinkButton to={GALLERY_PATH} variant="secondary">
          View full gallery
        </LinkButton>
      </p>
      {Array.isArray(previews) ? (
        <PreviewList images={previews} />
      ) : (
        <Suspense fallback={<p className="previews__status">Loading Images...</p>}>
          {/* The spec shows no message when previews fail to load. */}
          <Await resolve={previews} errorElement={<></>}>
            {(images) => <PreviewList images={images} />}
          </Await>
        </Suspense>
      )}
    </>
  );
}
