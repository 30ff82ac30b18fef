import { signInOptions } from "~/server/auth/passkey-sign-in.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import type { Route } from "./+types/api.auth.passkey.sign-in.options";

/** The options for signing in with a passkey, and the handle the page sends back with its answer. */
export const action = jsonApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST here.", {}, { Allow: "POST" });
  const answer = await signInOptions(request, context.clientIp);
  return Response.json(answer, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
});

export const loader = methodNotAllowed("POST");
