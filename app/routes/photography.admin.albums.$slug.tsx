import { Form } from "react-router";
import { ErrorBanners } from "~/components/admin/error-banners";
import { ErrorBoundaryPage } from "~/components/error-page";
import { AlbumVisibilityField } from "~/components/gallery/visibility";
import { CreatedLink, NewShareLinkForm } from "~/components/sharing/new-share-link";
import { ShareLinkList } from "~/components/sharing/share-link-list";
import { TimeZoneForm } from "~/components/sharing/time-zone";
import { FavouritesSection } from "~/components/sharing/favourites-section";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { adminAlbumPath, ADMIN_PATH, albumPath } from "~/lib/paths";
import { photoCount } from "~/lib/batch";
import { pageMeta } from "~/lib/seo";
import { privatePageHeaders } from "~/server/http/cache-policy.server";
import { sharingPageAction, sharingPageLoader } from "~/server/sharing/sharing-page.server";
import "~/styles/admin.css";
import "~/styles/sharing-admin.css";
import "~/styles/favourites-admin.css";
import type { Route } from "./+types/photography.admin.albums.$slug";

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  pageMeta(matches, {
    title: loaderData ? `Sharing: ${loaderData.album.name}` : "Sharing",
    description: "The album's visibility, share links and favourites.",
    path: adminAlbumPath(params.slug),
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  return sharingPageLoader(request, params.slug);
}

export const action = sharingPageAction;

export default function AlbumSharing({ loaderData, actionData }: Route.ComponentProps) {
  const { album, links, created, favourites, publicElsewhere, hidden, timeZone } = loaderData;
  const refused = actionData?.refused;
  const refusedHere = refused?.intent === "album-visibility" || refused?.intent === "hide-public";
  return (
    <main className="page admin sharing-admin">
      <BackLink to={albumPath(album.slug)}>Back to the album</BackLink>
      <h1>Sharing: {album.name}</h1>

      <section className="card sharing-admin__section" aria-labelledby="album-visibility-title">
        <h2 id="album-visibility-title">Who sees it</h2>
        <ErrorBanners messages={[refusedHere ? refused.message : null]} />
        <Form method="post" className="sharing-admin__visibility">
          <input type="hidden" name="intent" value="album-visibility" />
          <AlbumVisibilityField defaultValue={album.visibility} />
          <Button type="submit">Save visibility</Button>
        </Form>
        <PublicElsewhere count={publicElsewhere} hidden={hidden} />
      </section>

      <section className="card sharing-admin__section" aria-labelledby="share-links-title">
        <h2 id="share-links-title">Share links</h2>
        <p className="field__hint">
          A share link opens this album alone to whoever holds it, whatever its visibility, until it expires or you
          revoke it.
        </p>
        {created ? <CreatedLink label={created.label} url={created.url} /> : null}
        <ErrorBanners messages={[refused && !refusedHere ? refused.message : null]} />
        <ShareLinkList
          links={links}
          previews={loaderData.previews}
          zone={timeZone.zone}
          refused={refused?.intent === "link-choose" ? refused : undefined}
          refusedWatermark={refused?.intent === "link-watermark" ? refused : undefined}
        />
        <h3>New link</h3>
        <NewShareLinkForm
          typed={refused?.intent === "link-create" ? refused.typed : undefined}
          refused={refused?.intent === "link-create" ? refused : undefined}
          timeZone={timeZone}
        />
        <h3>Time zone</h3>
        <TimeZoneForm timeZone={timeZone} />
      </section>

      <FavouritesSection links={favourites} albumSlug={album.slug} zone={timeZone.zone} />
    </main>
  );
}

/** An unlisted or private album's photos that are public elsewhere, with the one step that hides them; then how many it hid. */
function PublicElsewhere({ count, hidden }: { count: number; hidden: number | null }) {
  return (
    <>
      {hidden === null ? null : (
        <p role="status" className="sharing-admin__hidden">
          {`${photoCount(hidden)} hidden from public pages: ${hidden === 1 ? "it shows" : "they show"} only in the albums that hold ${hidden === 1 ? "it" : "them"}.`}
        </p>
      )}
      {count ? (
        <Form method="post" className="sharing-admin__public-elsewhere">
          <input type="hidden" name="intent" value="hide-public" />
          <p>{`${count === 1 ? "1 of its photos is" : `${count} of its photos are`} public elsewhere (in the gallery, feeds and search).`}</p>
          <Button type="submit" variant="secondary">
            Hide them
          </Button>
        </Form>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} backTo={ADMIN_PATH} backLabel="Back to the admin page" />;
}
