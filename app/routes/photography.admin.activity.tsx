import { ActivityPage } from "~/components/sharing/activity-page";
import { ErrorBoundaryPage } from "~/components/error-page";
import { ADMIN_ACTIVITY_PATH, ADMIN_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { privatePageHeaders } from "~/server/http/cache-policy.server";
import { activityPageAction, activityPageLoader } from "~/server/notify/activity-page.server";
import { ownerTimeZone } from "~/server/sharing/share-time-zone.server";
import "~/styles/admin.css";
import "~/styles/sharing-admin.css";
import "~/styles/activity.css";
import type { Route } from "./+types/photography.admin.activity";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Client activity",
    description: "What clients did on share links.",
    path: ADMIN_ACTIVITY_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  // Times on the owner's clock, as on the album pages (record 070).
  return { ...(await activityPageLoader(request)), zone: ownerTimeZone().zone };
}

export const action = activityPageAction;

export default function Activity({ loaderData, actionData }: Route.ComponentProps) {
  return <ActivityPage {...loaderData} refusal={actionData?.message ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} backTo={ADMIN_PATH} backLabel="Back to the admin page" />;
}
