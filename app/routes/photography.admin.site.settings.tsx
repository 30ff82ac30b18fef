import { SiteSettingsPage } from "~/components/admin/site-settings-form";
import { ErrorBoundaryPage } from "~/components/error-page";
import { ADMIN_SITE_PATH, ADMIN_SITE_SETTINGS_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { settingsPageAction, settingsPageLoader } from "~/server/site/site-page.server";
import "~/styles/admin.css";
import "~/styles/site-admin.css";
import type { Route } from "./+types/photography.admin.site.settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Site settings",
    description: "The site's title, colours, camera details and footer.",
    path: ADMIN_SITE_SETTINGS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });

export async function loader({ request }: Route.LoaderArgs) {
  return settingsPageLoader(request);
}

export const action = settingsPageAction;

export default function SiteSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteSettingsPage data={loaderData} answer={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} backTo={ADMIN_SITE_PATH} backLabel="Back to the Site section" />;
}
