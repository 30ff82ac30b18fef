import { AlbumVisibilityField } from "~/components/gallery/visibility";
import { Form, useActionData } from "react-router";
import { AlbumCard } from "~/components/gallery/album-card";
import { AlbumError, AlbumFields } from "~/components/gallery/album-fields";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { useSite } from "~/components/use-site";
import { ALBUMS_PATH, GALLERY_PATH } from "~/lib/paths";
import { ownerNameOf, pageMeta } from "~/lib/seo";
import { albumsPageAction } from "~/routes/gallery/album-page.server";
import { listAlbumCards } from "~/server/albums/album-cards.server";
import { requestAccess } from "~/server/access/access.server";
import { pageError } from "~/server/http/http.server";
import type { Route } from "./+types/photography.albums";
import "~/styles/albums.css";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const access = await requestAccess(request);
    return { albums: listAlbumCards(access), admin: access.owner };
  } catch (error) {
    throw pageError(error);
  }
}

/** The admin's New album and the order of the albums. */
export const action = albumsPageAction;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, {
    title: "Albums",
    description: `Photographs by ${ownerNameOf(matches)}, by album.`,
    path: ALBUMS_PATH,
    image: loaderData?.albums.find((card) => card.album.cover)?.album.cover?.url,
  });

export default function Albums({ loaderData }: Route.ComponentProps) {
  const { albums, admin } = loaderData;
  const refused = useActionData<typeof action>();
  const site = useSite();
  return (
    <main className="page albums-page">
      <header className="page-header">
        <BackLink to={GALLERY_PATH}>Back to the gallery</BackLink>
        <h1 className="page-header__title">Albums</h1>
        <p className="page-header__lede">{site?.name}</p>
      </header>

      {albums.length ? (
        <ol className="album-grid">
          {albums.map((card, index) => (
            <AlbumCard key={card.album.id} card={card} eager={index < 3}>
              {admin ? (
                <MoveButtons id={card.album.id} position={index + 1} last={index === albums.length - 1} />
              ) : null}
            </AlbumCard>
          ))}
        </ol>
      ) : (
        <p className="albums-empty">No albums yet.</p>
      )}

      {admin ? (
        <section className="album-admin" aria-labelledby="new-album">
          <h2 id="new-album">New album</h2>
          {refused?.intent === "album-create" ? <AlbumError message={refused.message} /> : null}
          <Form method="post" className="album-form">
            <input type="hidden" name="intent" value="album-create" />
            <AlbumFields
              values={{ name: refused?.values.name ?? "", description: refused?.values.description ?? "" }}
              refused={refused?.intent === "album-create" ? refused : undefined}
            />
            <AlbumVisibilityField defaultValue="public" />
            <Button type="submit">Create album</Button>
          </Form>
        </section>
      ) : null}
    </main>
  );
}

/** Move up and Move down: plain forms that post the album's new position. */
function MoveButtons({ id, position, last }: { id: number; position: number; last: boolean }) {
  return (
    <div className="album-card__admin">
      {[
        { label: "Move up", to: position - 1, hidden: position === 1 },
        { label: "Move down", to: position + 1, hidden: last },
      ]
        .filter((move) => !move.hidden)
        .map((move) => (
          <Form method="post" key={move.label}>
            <input type="hidden" name="intent" value="album-move" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="position" value={move.to} />
            <Button type="submit" variant="secondary">
              {move.label}
            </Button>
          </Form>
        ))}
    </div>
  );
}
