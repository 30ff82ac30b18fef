import { createAlbum, listAlbums } from "~/server/albums/albums.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { parseAlbumInput } from "~/server/albums/album-input.server";
import type { Route } from "./+types/api.album";
import { requestAccess } from "~/server/access/access.server";

const ALLOW = "GET, POST";

export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) => Response.json({ albums: listAlbums(await requestAccess(request)) }),
  { allow: ALLOW },
);

export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to create an album.", {}, { Allow: ALLOW });
  const input = parseAlbumInput(
    await readJson(request, "Send a JSON object with name, and description or slug if you like."),
    {
      create: true,
    },
  );
  return Response.json(createAlbum({ ...input, name: input.name! }), { status: 201 });
});
