import { isAdmin, requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { parseProjectInput } from "~/server/projects/project-input.server";
import { adminProjects, createProject, toProjectAdmin, visibleProjectCards } from "~/server/projects/projects.server";
import type { Route } from "./+types/api.project";

const ALLOW = "GET, POST";

/** Visitors get the visible cards' public fields; the owner every card, hidden ones and their settings too. */
export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) =>
    Response.json({
      projects: (await isAdmin(request)) ? adminProjects() : visibleProjectCards(),
    }),
  { allow: ALLOW },
);

export const action = jsonApi(async ({ request }: Route.ActionArgs) => {
  await requireAdmin(request);
  if (request.method !== "POST") throw new HttpError(405, "Use POST to add a project.", {}, { Allow: ALLOW });
  const input = parseProjectInput(
    await readJson(request, "Send a JSON object with name and demoUrl, and the other fields if you like."),
    { create: true },
  );
  const row = createProject({ ...input, name: input.name!, demoUrl: input.demoUrl! });
  return Response.json(toProjectAdmin(row), { status: 201 });
});
