import { isAdmin, requireAdmin } from "~/server/auth/auth.server";
import { readJson } from "~/server/http/body.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { jsonApi } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";
import { siteForApi } from "~/server/site/site-api.server";
import { updateSite } from "~/server/site/site-edit.server";
import type { Route } from "./+types/api.site";

const ALLOW = "GET, PUT";

export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) => {
    const admin = await isAdmin(request);
    return Response.json(siteForApi(admin), admin ? { headers: { "Cache-Control": PRIVATE_NO_STORE } } : undefined);
  },
  { allow: ALLOW },
);

/** Replaces the profile, links and/or settings sent, each whole; checked first, then saved together. */
export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "PUT") throw new HttpError(405, "Use PUT to change the site.", {}, { Allow: ALLOW });
  updateSite(await readJson(request));
  return Response.json(siteForApi(true), { headers: { "Cache-Control": PRIVATE_NO_STORE } });
});
