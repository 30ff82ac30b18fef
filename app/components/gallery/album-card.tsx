import type { ReactNode } from "react";
import { Card, CardTitle } from "~/components/ui/card";
import { ResponsiveImage } from "~/components/responsive-image";
import type { Album } from "~/lib/album";
import { albumPath } from "~/lib/paths";
import { VisibilityLabel } from "./visibility";

function photoCount(count: number): string {
  return count === 1 ? "1 photo" : `${count} photos`;
}

/** An album on the albums page: its cover (or an empty frame), its name as the card's link, and how many photos. */
export function AlbumCard({ album, eager, children }: { album: Album; eager: boolean; children?: ReactNode }) {
  return (
    <Card as="li" className="card--link album-card">
      <div className="card__media album-card__media">
        {album.cover ? (
          <ResponsiveImage
            image={album.cover}
            sizes="(min-width: 1024px) 23rem, (min-width: 640px) 45vw, 92vw"
            loading={eager ? "eager" : "lazy"}
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
        <p className="card__text album-card__count">{photoCount(album.count)}</p>
        {children}
      </div>
    </Card>
  );
}
