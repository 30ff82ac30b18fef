import type { ReactNode } from "react";
import { DotSeparated } from "~/components/ui/dot-separated";
import { Card, CardTitle } from "~/components/ui/card";
import { ResponsiveImage } from "~/components/responsive-image";
import { coverPosition, monthRangeText, type AlbumCardData } from "~/lib/album-card";
import { albumPath } from "~/lib/paths";
import { VisibilityLabel } from "./visibility";

/** The cover's frame (albums.css `.album-card__media`): the crop is worked out for it. */
const COVER_ASPECT = 3 / 2;

function photoCount(count: number): string {
  return count === 1 ? "1 photo" : `${count} photos`;
}

/**
 * An album on the albums page: its cover cropped around its subject (or an
 * empty frame), its name as the card's link, how many photos and when taken.
 */
export function AlbumCard({ card, eager, children }: { card: AlbumCardData; eager: boolean; children?: ReactNode }) {
  const { album, taken, coverFocus } = card;
  const facts = [photoCount(album.count), ...(taken ? [monthRangeText(taken)] : [])];
  return (
    <Card as="li" className="card--link album-card">
      <div className="card__media album-card__media">
        {album.cover ? (
          <ResponsiveImage
            image={album.cover}
            sizes="(min-width: 1024px) 23rem, (min-width: 640px) 45vw, 92vw"
            loading={eager ? "eager" : "lazy"}
            objectPosition={coverPosition(album.cover.width, album.cover.height, coverFocus, COVER_ASPECT)}
          />
        ) : (
          <div className="album-card__empty" aria-hidden="true" />
        )}
      </div>
      <div className="card__body">
        <CardTitle to={albumPath(album.slug)} level={2}>
          {album.name}
        </CardTitle>
        <VisibilityLabel visibility={album.visibility} />
        <p className="card__text album-card__count">
          <DotSeparated parts={facts} />
        </p>
        {children}
      </div>
    </Card>
  );
}
