import { requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { parsePinMove } from "~/server/photos/featured-input.server";
import { movePin } from "~/server/photos/featured-order.server";
import type { Route } from "./+types/api.gallery.pins";

const ALLOW = "POST";

/** Moves one pinned photo beside another in the gallery's "featured first" order; answers its new place (1 first). */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to move a pinned photo.", {}, { Allow: ALLOW });
  const { imageId, target } = parsePinMove(await readJson(request));
  return Response.json({ imageId, position: movePin(imageId, target) });
});
