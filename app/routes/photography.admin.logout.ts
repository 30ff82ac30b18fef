import { redirect } from "react-router";
import { GALLERY_PATH } from "~/lib/paths";
import { logout } from "~/server/auth/auth.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import type { Route } from "./+types/photography.admin.logout";

/** The dashboard's Logout: ends the session, clears its cookie and goes to the gallery. */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST to log out.", {}, { Allow: "POST" });
  return redirect(GALLERY_PATH, {
    status: 303,
    headers: { "Cache-Control": PRIVATE_NO_STORE, "Set-Cookie": await logout(request) },
  });
});

export const loader = methodNotAllowed("POST");
