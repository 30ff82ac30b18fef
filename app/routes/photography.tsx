import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminNotice } from "~/components/gallery/admin-notice";
import { Gallery } from "~/components/gallery/gallery";
import { GallerySort } from "~/components/gallery/gallery-sort";
import { MissingPhoto } from "~/components/gallery/missing-photo";
import { BackLink } from "~/components/ui/back-link";
import { owner } from "~/content/owner";
import { onlyViewerChanged, viewerImageId } from "~/lib/gallery-url";
import { ALBUMS_PATH, GALLERY_FEED_PATH, GALLERY_PATH, HOME_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { galleryAction, loadGalleryPage } from "~/routes/gallery/gallery-page.server";
import { pageError } from "~/server/http/http.server";
import type { Route } from "./+types/photography";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    return await loadGalleryPage(request);
  } catch (error) {
    throw pageError(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  return galleryAction(request, GALLERY_PATH);
}

/**
 * The list lives in the browser once loaded: the page's own saves and deletes
 * (applied to the list in place) and closing the viewer need no reload of the
 * list. Links to a photo the list holds say so themselves, with
 * `defaultShouldRevalidate={false}`; any other photo comes from the server.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction && new URL(formAction, currentUrl).pathname === GALLERY_PATH) return false;
  if (onlyViewerChanged(currentUrl, nextUrl) && viewerImageId(nextUrl.searchParams) === null) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData?.missing) {
    return pageMeta(matches, {
      title: "Photo not found | Image Gallery",
      description: loaderData.missing,
      path: GALLERY_PATH,
      noindex: true,
    });
  }
  const photo = loaderData?.viewer?.image;
  if (photo) {
    return pageMeta(matches, {
      title: `${photo.name} | Image Gallery`,
      description: photo.description || `A photograph by ${owner.name}.`,
      path: `${GALLERY_PATH}?image=${photo.id}`,
      image: photo.url,
      feed: GALLERY_FEED_PATH,
    });
  }
  return pageMeta(matches, {
    title: "Image Gallery",
    description: `Photographs by ${owner.name}.`,
    path: GALLERY_PATH,
    feed: GALLERY_FEED_PATH,
  });
};

const TITLE_ID = "gallery-title";

export default function Photography({ loaderData }: Route.ComponentProps) {
  const { page, position, admin, showExif, viewer, missing, albums } = loaderData;
  // The note belongs to the link that asked for the photo: leaving it (Back to the gallery) needs no reload.
  const [searchParams] = useSearchParams();
  const photoAsked = viewerImageId(searchParams) !== null;
  return (
    <Gallery
      key={position}
      first={page}
      position={position}
      admin={admin}
      showExif={showExif}
      serverViewer={viewer}
      titleId={TITLE_ID}
      scope={{ path: GALLERY_PATH, albums }}
    >
      <header className="page-header gallery-header">
        <BackLink to={HOME_PATH}>Back to home</BackLink>
        <h1 id={TITLE_ID} className="page-header__title" tabIndex={-1}>
          Image Gallery
        </h1>
        <p className="page-header__lede">{owner.name}</p>
        <div className="gallery-nav">
          <GallerySort position={position} />
          <Link to={ALBUMS_PATH} className="gallery-nav__link">
            Albums
          </Link>
        </div>
        {admin ? <AdminNotice /> : null}
      </header>
      {missing && photoAsked ? <MissingPhoto message={missing} /> : null}
    </Gallery>
  );
}
