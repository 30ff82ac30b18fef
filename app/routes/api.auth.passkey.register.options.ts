import { requireAdmin } from "~/server/auth/auth.server";
import { registrationOptions } from "~/server/auth/passkey-registration.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { siteOwnerName } from "~/server/site/site-identity.server";
import type { Route } from "./+types/api.auth.passkey.register.options";

/** The options for registering a passkey, and the handle the page sends back with its answer. */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST here.", {}, { Allow: "POST" });
  const session = await requireAdmin(request);
  const answer = await registrationOptions(request, session, siteOwnerName());
  return Response.json(answer, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
});

export const loader = methodNotAllowed("POST");
