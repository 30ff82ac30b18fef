import { GALLERY_FEED_PATH, GALLERY_PATH } from "~/lib/paths";
import { pageTitle } from "~/lib/seo";
import { atomFeed, FEED_SIZE, feedResponse } from "~/server/photos/feed.server";
import { firstImageRows } from "~/server/photos/images.server";
import { galleryListOrder } from "~/server/photos/featured-order.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { publicSite } from "~/server/site/site-content.server";
import type { Route } from "./+types/photography.feed";
import { requestAccess } from "~/server/access/access.server";

export async function loader({ request }: Route.LoaderArgs) {
  const access = await requestAccess(request);
  const site = publicSite();
  return feedResponse(
    atomFeed({
      origin: siteOrigin(request),
      title: pageTitle("Image Gallery", site.title),
      subtitle: `Photographs by ${site.name}.`,
      author: site.name,
      pagePath: GALLERY_PATH,
      feedPath: GALLERY_FEED_PATH,
      rows: firstImageRows(FEED_SIZE, galleryListOrder(), { access }),
    }),
  );
}
