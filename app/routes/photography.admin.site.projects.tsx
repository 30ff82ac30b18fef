import { ErrorBoundaryPage } from "~/components/error-page";
import { ProjectsAdminPage } from "~/components/projects-admin/projects-admin-page";
import { ADMIN_PATH, ADMIN_SITE_PROJECTS_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { privatePageHeaders } from "~/server/http/cache-policy.server";
import { projectsAction, projectsLoader } from "~/server/projects/projects-page.server";
import "~/styles/admin.css";
import "~/styles/projects-admin.css";
import type { Route } from "./+types/photography.admin.site.projects";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Projects",
    description: "The project cards and technologies of the home page.",
    path: ADMIN_SITE_PROJECTS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  return projectsLoader(request);
}

export const action = projectsAction;

export default function Projects({ loaderData, actionData }: Route.ComponentProps) {
  return <ProjectsAdminPage data={loaderData} answer={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} backTo={ADMIN_PATH} backLabel="Back to the admin page" />;
}
