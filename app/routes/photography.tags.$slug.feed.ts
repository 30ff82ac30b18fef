import { tagFeedPath, tagPath } from "~/lib/paths";
import { pageTitle } from "~/lib/seo";
import { requestAccess } from "~/server/access/access.server";
import { HttpError } from "~/server/core/http-error.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { atomFeed, FEED_SIZE, feedResponse } from "~/server/photos/feed.server";
import { firstImageRows } from "~/server/photos/images.server";
import { TAG_ORDER } from "~/server/photos/list-query.server";
import { tagBySlug } from "~/server/photos/tags.server";
import { publicSite } from "~/server/site/site-content.server";
import type { Route } from "./+types/photography.tags.$slug.feed";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const access = await requestAccess(request);
    const tag = tagBySlug(params.slug, access);
    const site = publicSite();
    return feedResponse(
      atomFeed({
        origin: siteOrigin(request),
        title: pageTitle(tag.name, site.title),
        author: site.name,
        subtitle: `Photographs tagged ${tag.name}.`,
        pagePath: tagPath(tag.slug),
        feedPath: tagFeedPath(tag.slug),
        rows: firstImageRows(FEED_SIZE, TAG_ORDER, { access, tagId: tag.id }),
      }),
    );
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    throw error;
  }
}
