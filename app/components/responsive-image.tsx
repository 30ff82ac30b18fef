import type { Image } from "~/lib/image";

interface Props {
  image: Image;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Images in the first screen load eagerly; the rest lazily. */
  loading?: "eager" | "lazy";
  /** High for the one image that is the page's largest paint. */
  fetchPriority?: "high" | "auto";
  className?: string;
  /** AVIF variants stop at 960 px: where the image may be drawn wider (the viewer), the screens that take them. */
  avifMedia?: string;
  /** Which part stays in view where CSS crops the image (object-fit: cover). */
  objectPosition?: string;
}

function imageAlt(image: Pick<Image, "name" | "description">): string {
  return image.description ? `${image.name}: ${image.description}` : image.name;
}

/**
 * AVIF where the browser takes it, WebP otherwise; width and height reserve
 * the space and the blurred placeholder fills it until the pixels arrive.
 */
export function ResponsiveImage({
  image,
  sizes,
  loading = "lazy",
  fetchPriority = "auto",
  className,
  avifMedia,
  objectPosition,
}: Props) {
  return (
    <picture>
      {image.avifSrcset ? <source type="image/avif" media={avifMedia} srcSet={image.avifSrcset} sizes={sizes} /> : null}
      <img
        className={className}
        src={image.url}
        srcSet={image.srcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={imageAlt(image)}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        style={{
          backgroundImage: `url("${image.placeholder}")`,
          backgroundSize: "cover",
          backgroundPosition: objectPosition,
          objectPosition,
        }}
      />
    </picture>
  );
}
