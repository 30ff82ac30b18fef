import { logout } from "~/server/auth/auth.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import type { Route } from "./+types/api.auth.logout";

export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST to log out.", {}, { Allow: "POST" });
  return new Response(null, { status: 204, headers: { "Set-Cookie": await logout(request) } });
});

export const loader = methodNotAllowed("POST");
