import { requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { applyBatch, parseBatch } from "~/server/photos/batch.server";
import type { Route } from "./+types/api.image.batch";

const ALLOW = "POST";

/** One action on up to 500 photos (`{ ids, action, ... }`), answered per id. */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to change many photos.", {}, { Allow: ALLOW });
  return Response.json(await applyBatch(parseBatch(await readJson(request))));
});
