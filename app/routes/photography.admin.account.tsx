import { AccountPage } from "~/components/account/account-page";
import { ErrorBoundaryPage } from "~/components/error-page";
import { ADMIN_ACCOUNT_PATH, ADMIN_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { accountAction, accountLoader } from "~/server/auth/account-page.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { siteOwnerName } from "~/server/site/site-identity.server";
import "~/styles/admin.css";
import "~/styles/account.css";
import "~/styles/two-step.css";
import type { Route } from "./+types/photography.admin.account";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Account",
    description: "The owner's password and the devices signed in.",
    path: ADMIN_ACCOUNT_PATH,
    noindex: true,
  });

/** Every answer of this page, error pages and action answers included, is private; a refusal keeps its Retry-After. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request }: Route.LoaderArgs) {
  return accountLoader(request, siteOwnerName());
}

export const action = accountAction;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage {...loaderData} answer={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} backTo={ADMIN_PATH} backLabel="Back to the admin page" />;
}
