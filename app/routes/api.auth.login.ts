import { login } from "~/server/auth.server";
import { readJson } from "~/server/body.server";
import { httpError, jsonApi, methodNotAllowed } from "~/server/http.server";
import type { Route } from "./+types/api.auth.login";

export const action = jsonApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw httpError(405, "Use POST to log in.", {}, { Allow: "POST" });
  const body = await readJson(request);
  if (!body || typeof body !== "object") throw httpError(400, "Send a JSON object with username and password.");
  const { token, setCookie } = await login(request, body, context.clientIp);
  return Response.json({ token }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
});

export const loader = methodNotAllowed("POST");
