import type { Route } from "../../routes/+types/photography.admin.site.projects";

export type ProjectsLoaderData = Route.ComponentProps["loaderData"];
export type AdminProject = ProjectsLoaderData["projects"][number];
/** The last form's answer: a notice, or a refusal naming the field and keeping what was typed. */
export type ProjectsAnswer = NonNullable<Route.ComponentProps["actionData"]> | null;
export type ProjectsRefusal = Extract<NonNullable<ProjectsAnswer>, { ok: false }>;
