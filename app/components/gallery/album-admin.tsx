import { Form, Link, useActionData } from "react-router";
import { adminAlbumPath } from "~/lib/paths";
import { Button } from "~/components/ui/button";
import type { action } from "~/routes/photography.albums.$slug";
import type { Album } from "~/lib/album";
import { AlbumError, AlbumFields } from "./album-fields";
import { AlbumOrderFields } from "./album-order-fields";
import { AlbumVisibilityField } from "./visibility";

/** Sharing (the album admin page), Edit and Delete for the admin on an album's page, folded away: `<details>` opens without JavaScript. */
export function AlbumAdmin({
  album,
}: {
  album: Pick<Album, "name" | "slug" | "description" | "sort" | "sortOrder" | "addTo" | "visibility">;
}) {
  const refused = useActionData<typeof action>();
  const failure = refused && !("batch" in refused) && "albumForm" in refused ? refused : undefined;
  return (
    <div className="album-admin album-admin--inline">
      {failure ? <AlbumError message={failure.message} /> : null}
      <Link className="album-admin__sharing" to={adminAlbumPath(album.slug)}>
        Sharing
      </Link>
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
            refused={failure?.intent === "album-update" ? failure : undefined}
          />
          <AlbumVisibilityField defaultValue={album.visibility} />
          <AlbumOrderFields album={album} />
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
