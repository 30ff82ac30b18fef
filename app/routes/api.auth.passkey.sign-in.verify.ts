import { verifySignIn } from "~/server/auth/passkey-sign-in.server";
import { readJson } from "~/server/http/body.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import type { Route } from "./+types/api.auth.passkey.sign-in.verify";

/** The browser's answer to the sign-in options: a session, as `POST /api/auth/login` opens one. */
export const action = jsonApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST here.", {}, { Allow: "POST" });
  const body = await readJson(request, "Send a JSON object with challengeId and response.");
  const { token, headers, redirectTo } = await verifySignIn(request, body, context.clientIp);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return Response.json({ token, redirectTo }, { headers });
});

export const loader = methodNotAllowed("POST");
