import { ResponsiveImage } from "~/components/responsive-image";
import { Card, CardTitle } from "~/components/ui/card";
import type { Image } from "~/lib/image";
import { tagPath } from "~/lib/paths";

/** A tag on the tags page: its newest photo, its name as the card's link, and how many photos. */
export function TagCard({
  tag,
  eager,
}: {
  tag: { slug: string; name: string; count: number; cover: Image };
  eager: boolean;
}) {
  return (
    <Card as="li" className="card--link album-card">
      <div className="card__media album-card__media">
        <ResponsiveImage
          image={tag.cover}
          sizes="(min-width: 1024px) 23rem, (min-width: 640px) 45vw, 92vw"
          loading={eager ? "eager" : "lazy"}
        />
      </div>
      <div className="card__body">
        <CardTitle to={tagPath(tag.slug)} level={2}>
          {tag.name}
        </CardTitle>
        <p className="card__text album-card__count">{tag.count === 1 ? "1 photo" : `${tag.count} photos`}</p>
      </div>
    </Card>
  );
}
