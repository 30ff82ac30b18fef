import { SitePage } from "~/components/admin/site-page";
import { ErrorBoundaryPage } from "~/components/error-page";
import { ADMIN_PATH, ADMIN_SITE_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { privatePageHeaders } from "~/server/http/cache-policy.server";
import { sitePageAction, sitePageLoader } from "~/server/site/site-page.server";
import "~/styles/admin.css";
import "~/styles/site-admin.css";
import type { Route } from "./+types/photography.admin.site";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Site",
    description: "The owner's profile, links and CV.",
    path: ADMIN_SITE_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  return sitePageLoader(request);
}

export const action = sitePageAction;

export default function Site({ loaderData, actionData }: Route.ComponentProps) {
  return <SitePage data={loaderData} answer={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} backTo={ADMIN_PATH} backLabel="Back to the admin page" />;
}
