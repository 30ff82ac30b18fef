import { readJson } from "~/server/http/body.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi, methodNotAllowed } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { login } from "~/server/auth/login.server";
import type { Route } from "./+types/api.auth.login";

export const action = jsonApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new HttpError(405, "Use POST to log in.", {}, { Allow: "POST" });
  const body = await readJson(request, "Send a JSON object with username and password.");
  const { token, headers } = await login(request, body, context.clientIp);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return Response.json({ token }, { headers });
});

export const loader = methodNotAllowed("POST");
