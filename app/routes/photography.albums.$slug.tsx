import { Form, useActionData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminNotice } from "~/components/gallery/admin-notice";
import { AlbumError, AlbumFields } from "~/components/gallery/album-fields";
import { Gallery } from "~/components/gallery/gallery";
import { GallerySort } from "~/components/gallery/gallery-sort";
import { MissingPhoto } from "~/components/gallery/missing-photo";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { owner } from "~/content/owner";
import { onlyViewerChanged, viewerImageId } from "~/lib/gallery-url";
import { albumFeedPath, albumPath, ALBUMS_PATH, isScriptRequest } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { ALBUM_INTENTS, albumAction } from "~/routes/gallery/album-page.server";
import { albumBySlug, toAlbum } from "~/server/albums/albums.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { galleryAction, loadGalleryPage } from "~/routes/gallery/gallery-page.server";
import { pageError } from "~/server/http/http.server";
import type { Route } from "./+types/photography.albums.$slug";
import "~/styles/albums.css";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const album = albumBySlug(params.slug);
    return await loadGalleryPage(request, album, { album: toAlbum(album) });
  } catch (error) {
    throw pageError(error);
  }
}

/** The viewer's forms as on /photography, and the admin's album forms (edit, delete). */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminPage(request);
  let album;
  try {
    album = albumBySlug(params.slug);
  } catch (error) {
    throw pageError(error);
  }
  const intent = (await request.clone().formData()).get("intent");
  if (typeof intent === "string" && ALBUM_INTENTS.includes(intent)) return albumAction(request, album);
  return galleryAction(request, albumPath(album.slug), album);
}

/** As on /photography: the viewer's own saves (its script's fetcher) edit the list in place; the album forms reload. */
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

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const album = loaderData?.album;
  if (!album) return pageMeta(matches, { title: "Album not found", description: "", path: ALBUMS_PATH, noindex: true });
  const photo = loaderData.viewer?.image;
  return pageMeta(matches, {
    title: photo ? `${photo.name} | ${album.name}` : `${album.name} | Albums`,
    description: photo?.description || album.description || `An album of photographs by ${owner.name}.`,
    path: photo ? `${albumPath(album.slug)}?image=${photo.id}` : albumPath(album.slug),
    image: photo?.url ?? album.cover?.url,
    feed: albumFeedPath(album.slug),
    noindex: Boolean(loaderData.missing),
  });
};

const TITLE_ID = "album-title";

export default function AlbumPage({ loaderData }: Route.ComponentProps) {
  const { page, position, admin, showExif, viewer, missing, albums, album } = loaderData;
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
      scope={{ path: albumPath(album.slug), albumId: album.id, albums }}
    >
      <header className="page-header gallery-header">
        <BackLink to={ALBUMS_PATH}>All albums</BackLink>
        <h1 id={TITLE_ID} className="page-header__title" tabIndex={-1}>
          {album.name}
        </h1>
        {album.description ? <p className="page-header__lede album-description">{album.description}</p> : null}
        <GallerySort position={position} />
        {admin ? (
          <>
            <AdminNotice />
            <AlbumAdmin album={album} />
          </>
        ) : null}
      </header>
      {missing && photoAsked ? <MissingPhoto message={missing} /> : null}
      {page.images.length === 0 && !missing ? <p className="albums-empty">No photos in this album yet.</p> : null}
    </Gallery>
  );
}

/** Edit and Delete for the admin, folded away: `<details>` opens without JavaScript. */
function AlbumAdmin({ album }: { album: { name: string; slug: string; description: string } }) {
  const refused = useActionData<typeof action>();
  const failure = refused && "albumForm" in refused ? refused : undefined;
  return (
    <div className="album-admin album-admin--inline">
      {failure ? <AlbumError message={failure.message} /> : null}
      <details className="album-manage" open={failure?.intent === "album-update"}>
        <summary>Edit album</summary>
        <Form method="post" className="album-form">
          <input type="hidden" name="intent" value="album-update" />
          <AlbumFields
            values={{
              name: failure?.values.name || album.name,
              slug: failure?.values.slug || album.slug,
              description: failure?.values.description ?? album.description,
            }}
          />
          <Button type="submit">Save album</Button>
        </Form>
      </details>
      <details className="album-manage">
        <summary>Delete album…</summary>
        <Form method="post" className="album-form">
          <input type="hidden" name="intent" value="album-delete" />
          <p>The album goes; its photos stay in the gallery.</p>
          <Button type="submit" variant="danger">
            Delete album
          </Button>
        </Form>
      </details>
    </div>
  );
}
