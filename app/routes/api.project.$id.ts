import { isAdmin, requireAdmin } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { readJson } from "~/server/http/body.server";
import { jsonApi } from "~/server/http/http.server";
import { parseProjectId, parseProjectInput } from "~/server/projects/project-input.server";
import {
  deleteProject,
  findProjectRow,
  toProjectAdmin,
  toProjectCard,
  updateProject,
} from "~/server/projects/projects.server";
import type { Route } from "./+types/api.project.$id";

const ALLOW = "GET, PUT, DELETE";

/** A hidden project is not found for visitors. */
export const loader = jsonApi(
  async ({ request, params }: Route.LoaderArgs) => {
    const id = parseProjectId(params.id);
    const row = findProjectRow(id);
    if (await isAdmin(request)) return Response.json(toProjectAdmin(row));
    if (row.hidden) throw new HttpError(404, `Project ${id} not found.`);
    return Response.json(toProjectCard(row));
  },
  { allow: ALLOW },
);

export const action = jsonApi(async ({ request, params }: Route.ActionArgs) => {
  await requireAdmin(request);
  const id = parseProjectId(params.id);
  switch (request.method) {
    case "PUT":
      return Response.json(
        toProjectAdmin(updateProject(id, parseProjectInput(await readJson(request), { create: false }))),
      );
    case "DELETE":
      await deleteProject(id);
      return new Response(null, { status: 204 });
    default:
      throw new HttpError(405, "Use PUT to edit a project or DELETE to remove it.", {}, { Allow: ALLOW });
  }
});
