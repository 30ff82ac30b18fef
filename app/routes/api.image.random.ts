import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { randomImages } from "~/server/photos/random-images.server";
import { parseRandomCount } from "~/server/photos/list-query.server";
import type { Route } from "./+types/api.image.random";
import { requestAccess } from "~/server/access/access.server";

export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) => {
    const count = parseRandomCount(new URL(request.url).searchParams);
    return Response.json(randomImages(count, await requestAccess(request)), {
      headers: { "Cache-Control": "no-store" },
    });
  },
  { allow: "GET" },
);

export const action = methodNotAllowed("GET");
