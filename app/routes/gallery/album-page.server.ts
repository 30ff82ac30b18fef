/**
 * The admin's album forms on the album pages, without JavaScript as with it:
 * the same server calls as the /api/album routes, answered with a redirect or
 * with the refusal to show in place.
 */
import { data, redirect } from "react-router";
import { ALBUMS_PATH, albumPath } from "~/lib/paths";
import { createAlbum, deleteAlbum, updateAlbum } from "~/server/albums/albums.server";
import { readForm } from "~/server/http/body.server";
import { HttpError } from "~/server/core/http-error.server";
import type { AlbumRow } from "~/server/data/schema";
import { parseAlbumId, parseAlbumInput } from "~/server/albums/album-input.server";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

async function apply(form: FormData, album: AlbumRow | undefined): Promise<Response> {
  switch (form.get("intent")) {
    case "album-create": {
      const input = parseAlbumInput(
        { name: text(form, "name"), description: text(form, "description") },
        { create: true },
      );
      return redirect(albumPath(createAlbum({ ...input, name: input.name! }).slug), 303);
    }
    case "album-move": {
      const id = parseAlbumId(text(form, "id"));
      updateAlbum(id, parseAlbumInput({ position: text(form, "position") }, { create: false }));
      return redirect(ALBUMS_PATH, 303);
    }
    case "album-update": {
      if (!album) break;
      const fields = { name: text(form, "name"), description: text(form, "description"), slug: text(form, "slug") };
      return redirect(albumPath(updateAlbum(album.id, parseAlbumInput(fields, { create: false })).slug), 303);
    }
    case "album-delete":
      if (!album) break;
      deleteAlbum(album.id);
      return redirect(ALBUMS_PATH, 303);
  }
  throw new HttpError(400, "intent must be album-create, album-move, album-update or album-delete");
}

/** Call after the page's guard. A refusal comes back as `{ message, values }` with its status. */
export async function albumAction(request: Request, album?: AlbumRow) {
  const form = await readForm(request);
  try {
    return await apply(form, album);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const values = Object.fromEntries(["name", "description", "slug"].map((name) => [name, text(form, name) ?? ""]));
    return data(
      { albumForm: true as const, message: error.message, intent: text(form, "intent"), values },
      { status: error.status },
    );
  }
}

export const ALBUM_INTENTS = ["album-create", "album-move", "album-update", "album-delete"];
