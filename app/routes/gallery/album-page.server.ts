/**
 * The admin's album forms on the album pages, without JavaScript as with it:
 * the same server calls as the /api/album routes, answered with a redirect or
 * with the refusal to show in place.
 */
import { redirect } from "react-router";
import { ALBUMS_PATH, albumPath } from "~/lib/paths";
import { albumBySlug, createAlbum, deleteAlbum, updateAlbum } from "~/server/albums/albums.server";
import { HttpError } from "~/server/core/http-error.server";
import type { AlbumRow } from "~/server/data/schema";
import { pageError } from "~/server/http/http.server";
import { OWNER } from "~/server/access/access.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { applyViewerForm, viewerRefusal } from "./gallery-page.server";
import { applyBatchForm, batchRefusal, isBatchForm } from "./batch-form.server";
import { parseAlbumId, parseAlbumInput } from "~/server/albums/album-input.server";

const ALBUM_INTENTS = ["album-create", "album-move", "album-update", "album-delete"];

function isAlbumForm(form: FormData | undefined): boolean {
  const intent = formText(form, "intent");
  return intent !== undefined && ALBUM_INTENTS.includes(intent);
}

async function applyAlbumForm(form: FormData, album: AlbumRow | undefined): Promise<Response> {
  switch (form.get("intent")) {
    case "album-create": {
      const input = parseAlbumInput(
        {
          name: formText(form, "name"),
          description: formText(form, "description"),
          visibility: formText(form, "visibility"),
        },
        { create: true },
      );
      return redirect(albumPath(createAlbum({ ...input, name: input.name! }).slug), 303);
    }
    case "album-move": {
      const id = parseAlbumId(formText(form, "id"));
      updateAlbum(id, parseAlbumInput({ position: formText(form, "position") }, { create: false }));
      return redirect(ALBUMS_PATH, 303);
    }
    case "album-update": {
      if (!album) break;
      // The form's one Order choice is the API's sort and sortOrder: "manual" or "<field>:<desc|asc>".
      const [sort, sortOrder] = (formText(form, "sort") ?? "").split(":");
      const fields = {
        name: formText(form, "name"),
        description: formText(form, "description"),
        slug: formText(form, "slug"),
        sort: sort || undefined,
        sortOrder,
        addTo: formText(form, "addTo"),
        visibility: formText(form, "visibility"),
      };
      return redirect(albumPath(updateAlbum(album.id, parseAlbumInput(fields, { create: false })).slug), 303);
    }
    case "album-delete":
      if (!album) break;
      deleteAlbum(album.id);
      return redirect(ALBUMS_PATH, 303);
  }
  throw new HttpError(400, "intent must be album-create, album-move, album-update or album-delete");
}

/** A refusal of an album form: its message, the field it names, the intent and the typed values, to show in place. */
function albumRefusal(error: HttpError, form: FormData | undefined) {
  const values = Object.fromEntries(["name", "description", "slug"].map((name) => [name, formText(form, name) ?? ""]));
  return {
    albumForm: true as const,
    message: error.message,
    field: error.field,
    intent: formText(form, "intent"),
    values,
  };
}

/** /photography/albums: the admin's New album and the order of the albums. */
export const albumsPageAction = pageAction({ guard: requireAdminPage, refusal: albumRefusal }, (form: FormData) =>
  applyAlbumForm(form, undefined),
);

/**
 * An album's page: the viewer's forms and the select mode's as on
 * /photography, and the album forms (edit, delete). A refusal before the form was read goes to the viewer,
 * whose script is the only one posting in place.
 */
export const albumPageAction = pageAction(
  {
    guard: requireAdminPage,
    refusal: (error, form) =>
      isAlbumForm(form)
        ? albumRefusal(error, form)
        : isBatchForm(form)
          ? batchRefusal(error)
          : viewerRefusal(error, form),
  },
  async (form: FormData, { params }: { request: Request; params: { slug: string } }) => {
    let album;
    try {
      // The guard let only the owner in.
      album = albumBySlug(params.slug, OWNER);
    } catch (error) {
      throw pageError(error);
    }
    if (isBatchForm(form)) return await applyBatchForm(form, album);
    return isAlbumForm(form)
      ? await applyAlbumForm(form, album)
      : await applyViewerForm(form, albumPath(album.slug), album);
  },
);
