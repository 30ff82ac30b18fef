import { requireAdmin } from "~/server/auth/auth.server";
import { verifyRegistration } from "~/server/auth/passkey-registration.server";
import { readJson } from "~/server/http/body.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import type { Route } from "./+types/api.auth.passkey.register.verify";

/** The browser's answer to the registration options: the passkey is stored under its name. */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST here.", {}, { Allow: "POST" });
  const session = await requireAdmin(request);
  const body = await readJson(request, "Send a JSON object with challengeId, name and response.");
  const passkey = await verifyRegistration(request, session, body);
  return Response.json({ passkey }, { status: 201, headers: { "Cache-Control": PRIVATE_NO_STORE } });
});

export const loader = methodNotAllowed("POST");
