import { Link } from "react-router";
import { EmptyGallery } from "~/components/gallery/empty-states";
import { GalleryOrderForm } from "~/components/gallery/gallery-order-form";
import { BackLink } from "~/components/ui/back-link";
import { useSite } from "~/components/use-site";
import { ALBUMS_PATH, GALLERY_FEED_PATH, GALLERY_PATH, HOME_PATH, TAGS_PATH } from "~/lib/paths";
import { ownerNameOf } from "~/lib/seo";
import { GalleryPage, galleryMeta } from "~/routes/gallery/gallery-page";
import { galleryPageAction, loadGalleryPage } from "~/routes/gallery/gallery-page.server";
import { pageError } from "~/server/http/http.server";
import { requestAccess } from "~/server/access/access.server";
import type { Route } from "./+types/photography";

export { shouldRevalidate } from "~/routes/gallery/gallery-page";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    return await loadGalleryPage(request, await requestAccess(request));
  } catch (error) {
    throw pageError(error);
  }
}

/** The viewer's forms. */
export const action = galleryPageAction(GALLERY_PATH);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  galleryMeta(matches, loaderData, {
    name: "Image Gallery",
    title: "Image Gallery",
    description: `Photographs by ${ownerNameOf(matches)}.`,
    photoDescription: `A photograph by ${ownerNameOf(matches)}.`,
    path: GALLERY_PATH,
    feed: GALLERY_FEED_PATH,
    missingTitle: "Photo not found | Image Gallery",
  });

export default function Photography({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <GalleryPage
      data={loaderData}
      scope={{
        path: GALLERY_PATH,
        albums: loaderData.albums,
        pinnedIds: loaderData.pinnedIds ?? undefined,
        ...(loaderData.download === "none" ? {} : { download: { size: loaderData.download } }),
        pinsFirst: loaderData.pinsFirst,
      }}
      titleId="gallery-title"
      back={<BackLink to={HOME_PATH}>Back to home</BackLink>}
      title="Image Gallery"
      lede={<p className="page-header__lede">{site?.name}</p>}
      empty={<EmptyGallery owner={loaderData.admin} />}
      adminTools={loaderData.galleryOrder ? <GalleryOrderForm order={loaderData.galleryOrder} /> : null}
      links={
        <>
          <Link to={ALBUMS_PATH} className="gallery-nav__link">
            Albums
          </Link>
          <Link to={TAGS_PATH} className="gallery-nav__link">
            Tags
          </Link>
        </>
      }
    />
  );
}
