import { jsonApi, methodNotAllowed } from "~/server/http.server";
import { randomImages } from "~/server/images.server";
import { parseRandomCount } from "~/server/validation.server";
import type { Route } from "./+types/api.image.random";

export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) => {
    const count = parseRandomCount(new URL(request.url).searchParams);
    return Response.json(randomImages(count), { headers: { "Cache-Control": "no-store" } });
  },
  { allow: "GET" },
);

export const action = methodNotAllowed("GET");
