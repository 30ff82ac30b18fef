import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { isAdmin } from "~/server/auth/auth.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import type { Route } from "./+types/api.auth.validate";

export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) => {
    return Response.json({ valid: await isAdmin(request) }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
  },
  { allow: "GET" },
);

export const action = methodNotAllowed("GET");
