import { albumFeedPath, albumPath } from "~/lib/paths";
import { pageTitle } from "~/lib/seo";
import { albumBySlug, albumListOrder } from "~/server/albums/albums.server";
import { atomFeed, FEED_SIZE, feedResponse } from "~/server/photos/feed.server";
import { HttpError } from "~/server/core/http-error.server";
import { firstImageRows } from "~/server/photos/images.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { publicSite } from "~/server/site/site-content.server";
import type { Route } from "./+types/photography.albums.$slug.feed";
import { requestAccess } from "~/server/access/access.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const access = await requestAccess(request);
    const album = albumBySlug(params.slug, access);
    const site = publicSite();
    return feedResponse(
      atomFeed({
        origin: siteOrigin(request),
        title: pageTitle(album.name, site.title),
        author: site.name,
        subtitle: album.description || `An album of ${album.name}.`,
        pagePath: albumPath(album.slug),
        feedPath: albumFeedPath(album.slug),
        rows: firstImageRows(FEED_SIZE, albumListOrder(album), { access, albumId: album.id }),
      }),
    );
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    throw error;
  }
}
