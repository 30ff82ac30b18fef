/**
 * The page module the whole gallery (/photography) and each album's page
 * share: the component, meta and revalidation rule. The two route files only
 * say which list they show and draw their own heading parts.
 */
import type { ReactNode } from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminNotice } from "~/components/gallery/admin-notice";
import { Gallery } from "~/components/gallery/gallery";
import type { GalleryScope } from "~/components/gallery/gallery-scope";
import { GallerySort } from "~/components/gallery/gallery-sort";
import { MissingPhoto } from "~/components/gallery/missing-photo";
import { SelectBar, SelectSwitch } from "~/components/gallery/select-bar";
import { SlideshowLink } from "~/components/gallery/slideshow-link";
import type { ServerViewer } from "~/components/gallery/types";
import type { ImagePage } from "~/lib/image";
import { SELECT_PARAM } from "~/lib/batch";
import { onlyViewerChanged, viewerImageId } from "~/lib/gallery-url";
import { isScriptRequest } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";

/** What the gallery page's loader gives (`loadGalleryPage`), as the component reads it. */
export interface GalleryPageData {
  page: ImagePage;
  /** How many photos the list holds. */
  total: number;
  position: string;
  admin: boolean;
  showExif: boolean;
  viewer: ServerViewer;
  missing: string | null;
  albums: NonNullable<GalleryScope["albums"]>;
  /** The whole gallery's own order (its setting); null on an album's page. */
  galleryOrder: "newest" | "featured" | null;
}

/**
 * The list lives in the browser once loaded: the viewer's own saves and
 * deletes (its script's fetcher, applied to the list in place) and closing
 * the viewer need no reload of the list; plain forms (the album forms) do.
 * Links to a photo the list holds say so themselves, with
 * `defaultShouldRevalidate={false}`; any other photo comes from the server.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction && isScriptRequest(new URL(formAction, currentUrl))) return false;
  if (onlyViewerChanged(currentUrl, nextUrl) && viewerImageId(nextUrl.searchParams) === null) return false;
  return defaultShouldRevalidate;
}

interface ListMeta {
  /** The list's name, after a photo's: "Photo | name". */
  name: string;
  /** The title of the list itself. */
  title: string;
  description: string;
  /** What a photo without a description is described as. */
  photoDescription: string;
  path: string;
  /** The list's Atom feed; a search, a camera's and a lens's pages have none. */
  feed?: string;
  image?: string;
  /** The title of a link to a photo that is gone; without it, the list's own (not indexed). */
  missingTitle?: string;
  /** Kept out of search engines: an unlisted or private album, a search's results. */
  noindex?: boolean;
}

/** Title, description and preview for the list, or for the photo its viewer shows. */
export function galleryMeta(
  matches: Parameters<typeof pageMeta>[0],
  data: GalleryPageData | undefined,
  list: ListMeta,
) {
  if (data?.missing && list.missingTitle) {
    return pageMeta(matches, { title: list.missingTitle, description: data.missing, path: list.path, noindex: true });
  }
  const photo = data?.viewer?.image;
  return pageMeta(matches, {
    title: photo ? `${photo.name} | ${list.name}` : list.title,
    description: photo ? photo.description || list.photoDescription : list.description,
    path: photo ? `${list.path}?image=${photo.id}` : list.path,
    image: photo?.url ?? list.image,
    feed: list.feed,
    noindex: Boolean(data?.missing) || Boolean(list.noindex),
  });
}

interface Props {
  data: GalleryPageData;
  scope: GalleryScope;
  titleId: string;
  back: ReactNode;
  title: string;
  lede?: ReactNode;
  /** Links beside the sort toggle. */
  links?: ReactNode;
  /** The admin's tools for this list, under the admin notice. */
  adminTools?: ReactNode;
  /** What an empty list says. */
  empty: ReactNode;
  /** Whether the list offers its orders; a search's is relevance alone. */
  sortable?: boolean;
}

export function GalleryPage({
  data,
  scope,
  titleId,
  back,
  title,
  lede,
  links,
  adminTools,
  empty,
  sortable = true,
}: Props) {
  const { page, total, position, admin, showExif, viewer, missing } = data;
  // The note belongs to the link that asked for the photo: leaving it (Back to the gallery) needs no reload.
  const [searchParams] = useSearchParams();
  const photoAsked = viewerImageId(searchParams) !== null;
  const first = page.images[0];
  const selecting = admin && searchParams.get(SELECT_PARAM) !== null;
  return (
    <Gallery
      key={position}
      first={page}
      position={position}
      total={total}
      admin={admin}
      showExif={showExif}
      serverViewer={viewer}
      selecting={selecting}
      titleId={titleId}
      scope={scope}
      empty={empty}
    >
      <header className="page-header gallery-header">
        {back}
        <h1 id={titleId} className="page-header__title" tabIndex={-1}>
          {title}
        </h1>
        {lede}
        <div className="gallery-nav">
          {sortable ? <GallerySort position={position} featured={data.galleryOrder === "featured"} /> : null}
          {first ? <SlideshowLink position={position} first={first.id} /> : null}
          {links}
        </div>
        {admin ? (
          <>
            <AdminNotice />
            {adminTools}
            {selecting ? null : <SelectSwitch />}
          </>
        ) : null}
      </header>
      {/* Beside the header, not in it: it stays on screen down the whole page (sticky within <main>). */}
      {selecting ? <SelectBar /> : null}
      {missing && photoAsked ? <MissingPhoto message={missing} /> : null}
    </Gallery>
  );
}
