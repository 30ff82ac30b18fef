import { useMemo, type ComponentType, type ReactNode } from "react";
import { preload } from "react-dom";
import { Link } from "react-router";
import { useFavourites } from "~/components/favourites/favourites-context";
import { HeartButton } from "~/components/favourites/heart-button";
import { ResponsiveImage } from "~/components/responsive-image";
import { galleryHref, type ViewerHistoryState } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";
import { VisibilityLabel } from "./visibility";
import type { Image } from "~/lib/image";
import { containerStyle, placeMasonry, placeStyle } from "~/lib/masonry";

/**
 * How wide a thumbnail is drawn (gallery.css): one column on phones, two from
 * 640px, three from 1024px, inside the page's 72rem less its gutters and gaps.
 */
const THUMBNAIL_SIZES =
  "(min-width: 1024px) calc((min(100vw - 4rem, 72rem) - 2rem) / 3), (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)";
/** A share link's client: two columns on phones too. */
const CLIENT_THUMBNAIL_SIZES =
  "(min-width: 1024px) calc((min(100vw - 4rem, 72rem) - 2rem) / 3), (min-width: 640px) calc(50vw - 2rem), calc(50vw - 1.25rem)";
const IN_PLACE: ViewerHistoryState = { inPlace: true };

/**
 * Only the first photo is sure to be on the first screen (a phone's shows one):
 * it loads at once, first of all; the rest lazily, as the browser sees them
 * coming, and gallery.css keeps those past the top row out of its reach until
 * they come near (record 046).
 */
const EAGER_COUNT = 1;

/** One grid cell: the `<li>` placed by `style`, holding the thumbnail link (`children`). */
export interface GridItemProps {
  image: Image;
  style: ReturnType<typeof placeStyle>;
  children: ReactNode;
}

function PlainItem({ style, children }: GridItemProps) {
  return (
    <li className="gallery-item" style={style}>
      {children}
    </li>
  );
}

/** Its place, and its height per width (`--ratio`): what gallery.css reserves while it is out of reach. */
function itemStyle(image: Image, place: Parameters<typeof placeStyle>[0]) {
  return { ...placeStyle(place), "--ratio": image.width > 0 ? image.height / image.width : 1 };
}

interface Props {
  images: Image[];
  position: string;
  /** Draws each cell; the owner's drag and drop (sortable-gallery-grid.tsx) passes its own. */
  Item?: ComponentType<GridItemProps>;
  /** A photo's viewer covers the grid (a deep link): its photo is the first screen, so no thumbnail goes first. */
  behindViewer?: boolean;
  /** The owner: hidden photos carry their label. A visitor who may open an album sees its hidden photos as any other. */
  owner?: boolean;
}

/**
 * The thumbnails in one masonry, in reading order: the newest across the top
 * row, and every batch the infinite scroll appends continues the same columns.
 */
export function GalleryGrid({ images, position, Item = PlainItem, behindViewer = false, owner = false }: Props) {
  const { path } = useGalleryScope();
  // The hearts are a share link's client's: they proof among many photos, two columns on a phone.
  const client = useFavourites() !== null;
  const sizes = client ? CLIENT_THUMBNAIL_SIZES : THUMBNAIL_SIZES;
  const layout = useMemo(() => placeMasonry(images), [images]);
  const eagerCount = behindViewer ? 0 : EAGER_COUNT;
  const first = images[0];
  if (first?.avifSrcset && !behindViewer) {
    // Hoisted into the head, ahead of the scripts: the phone's largest paint starts first (record 046).
    preload(first.url, {
      as: "image",
      type: "image/avif",
      imageSrcSet: first.avifSrcset,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <ul
      className={["gallery-grid", behindViewer && "gallery-grid--covered", client && "gallery-grid--two-on-phones"]
        .filter(Boolean)
        .join(" ")}
      style={containerStyle(layout.columns)}
    >
      {images.map((image, index) => (
        <Item key={image.id} image={image} style={itemStyle(image, layout.places[index]!)}>
          <Link
            to={galleryHref(position, { image: image.id }, path)}
            state={IN_PLACE}
            preventScrollReset
            // The photo is in the list: the viewer needs nothing from the server.
            defaultShouldRevalidate={false}
            className="gallery-thumb"
            data-image-id={image.id}
          >
            <ResponsiveImage
              image={image}
              sizes={sizes}
              loading={index < eagerCount ? "eager" : "lazy"}
              // One high-priority request (the phone's LCP): more would compete on a slow connection.
              fetchPriority={index < eagerCount ? "high" : "auto"}
            />
            {owner ? <VisibilityLabel visibility={image.visibility} /> : null}
          </Link>
          <HeartButton image={image} />
        </Item>
      ))}
    </ul>
  );
}
