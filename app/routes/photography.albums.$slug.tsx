import { data } from "react-router";
import { AlbumAdmin } from "~/components/gallery/album-admin";
import { DownloadAllLink } from "~/components/gallery/download-links";
import { EmptyAlbum } from "~/components/gallery/empty-states";
import { FavouritesBar } from "~/components/favourites/favourites-bar";
import { FavouritesProvider } from "~/components/favourites/favourites-context";
import { FavouritesFilter, NoFavourites } from "~/components/favourites/favourites-filter";
import { LinkEnded } from "~/components/sharing/link-ended";
import { BackLink } from "~/components/ui/back-link";
import { onlyFavourites } from "~/lib/favourites";
import { albumFeedPath, albumPath, ALBUMS_PATH } from "~/lib/paths";
import { ownerNameOf, pageMeta } from "~/lib/seo";
import { albumPageAction } from "~/routes/gallery/album-page.server";
import { GalleryPage, galleryMeta } from "~/routes/gallery/gallery-page";
import { loadGalleryPage } from "~/routes/gallery/gallery-page.server";
import { toAlbum } from "~/server/albums/albums.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { pageError } from "~/server/http/http.server";
import { isClientView, proofMarkFor, requestAccess } from "~/server/access/access.server";
import { albumOrEndedLink } from "~/server/sharing/ended-link.server";
import { clientFavourites } from "~/server/sharing/favourite-form.server";
import type { Route } from "./+types/photography.albums.$slug";
import "~/styles/albums.css";

export { shouldRevalidate } from "~/routes/gallery/gallery-page";

/** What a watermarked link's downloads carry (record 088): the web size is the proof; an original is never marked. */
const DOWNLOAD_MARK = {
  web: "Downloads carry the watermark.",
  original: "Downloads are the originals, without the watermark.",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const access = await requestAccess(request);
    const { album, ended } = await albumOrEndedLink(request, params.slug, access);
    // The client's link ended while they were inside: the `/s/` address's page, as data, so a script's navigation draws it too.
    if (ended) return data({ ended }, { status: ended.status, headers: { "Cache-Control": PRIVATE_NO_STORE } });
    const favourites = clientFavourites(new URL(request.url), access, album.id, album.slug);
    const clientView = isClientView(access, album.id);
    const marked = proofMarkFor(access, album.id) !== undefined;
    const extras = { album: toAlbum(album, access), favourites, clientView, marked };
    return await loadGalleryPage(request, access, { album }, extras);
  } catch (error) {
    throw pageError(error);
  }
}

/** The viewer's forms as on /photography, and the admin's album forms (edit, delete). */
export const action = albumPageAction;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData && "ended" in loaderData) {
    return pageMeta(matches, { title: loaderData.ended.message, description: "", path: ALBUMS_PATH, noindex: true });
  }
  const album = loaderData?.album;
  if (!album) return pageMeta(matches, { title: "Album not found", description: "", path: ALBUMS_PATH, noindex: true });
  const description = album.description || `An album of photographs by ${ownerNameOf(matches)}.`;
  return galleryMeta(matches, loaderData, {
    name: album.name,
    title: `${album.name} | Albums`,
    description,
    photoDescription: description,
    path: albumPath(album.slug),
    feed: albumFeedPath(album.slug),
    image: album.cover?.url,
    noindex: album.visibility !== "public",
  });
};

export default function AlbumPage({ loaderData }: Route.ComponentProps) {
  if ("ended" in loaderData) {
    const { ended } = loaderData;
    return <LinkEnded message={ended.message} passwordChanged={ended.status === 403} />;
  }
  const { album, download, favourites, clientView, marked } = loaderData;
  const page = (
    <GalleryPage
      data={loaderData}
      scope={{
        path: albumPath(album.slug),
        albumId: album.id,
        coverId: album.cover?.id,
        albums: loaderData.albums,
        ...(album.sort === "manual" ? { manualOrder: { size: album.count } } : {}),
        ...(download === "none" ? {} : { download: { albumSlug: album.slug, size: download } }),
      }}
      titleId="album-title"
      back={clientView ? null : <BackLink to={ALBUMS_PATH}>All albums</BackLink>}
      title={album.name}
      lede={
        <>
          {album.description ? <p className="page-header__lede album-description">{album.description}</p> : null}
          {marked && download !== "none" ? <p className="album-download-mark">{DOWNLOAD_MARK[download]}</p> : null}
          <FavouritesBar />
        </>
      }
      links={
        <>
          <FavouritesFilter position={loaderData.position} />
          {download !== "none" && album.count > 0 ? <DownloadAllLink albumSlug={album.slug} /> : null}
        </>
      }
      adminTools={<AlbumAdmin album={album} />}
      empty={
        favourites && onlyFavourites(loaderData.position) ? (
          <NoFavourites position={loaderData.position} />
        ) : (
          <EmptyAlbum owner={loaderData.admin} />
        )
      }
    />
  );
  // Hearts for a share link's visitor only (record 047): the owner and a public album's visitors see none.
  return favourites ? (
    <FavouritesProvider key={album.id} albumId={album.id} albumSlug={album.slug} initial={favourites}>
      {page}
    </FavouritesProvider>
  ) : (
    page
  );
}
