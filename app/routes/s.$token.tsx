import { data, Form, useNavigation } from "react-router";
import { ErrorBanners } from "~/components/admin/error-banners";
import { LinkEnded } from "~/components/sharing/link-ended";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/lib/seo";
import { formText, pageAction, publicPage } from "~/server/http/page-action.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { pageError } from "~/server/http/http.server";
import { openShareLink, unlockShareLink } from "~/server/sharing/share-open.server";
import type { Route } from "./+types/s.$token";
import "~/styles/admin.css";
import "~/styles/share.css";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * The password form posts here with `?unlock`: that answer never looks at
 * whether the link exists, so a wrong password and an unknown link read the
 * same (the loader runs after the action, for the same URL).
 */
const UNLOCK = "unlock";

export async function loader({ request, params }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.has(UNLOCK)) return data({ kind: "password" as const }, { headers: NO_STORE });
  try {
    const page = await openShareLink(request, params.token);
    if (page instanceof Response) return page;
    return data(page, { status: page.kind === "gone" ? 410 : 200, headers: NO_STORE });
  } catch (error) {
    throw pageError(error);
  }
}

export const action = pageAction(
  { guard: publicPage, refusal: (error) => ({ error: error.message }) },
  (form, { request, params, context }: Route.ActionArgs) =>
    unlockShareLink(request, params.token, formText(form, "password"), context.clientIp),
);

/** Private whatever the answer, but an unknown link's 404, which is any missing page's. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  if (errorHeaders) return errorHeaders;
  const headers = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: { title?: string } } | undefined;
  const heading = loaderData?.kind === "gone" ? loaderData.message : "Shared album";
  return [{ title: pageTitle(heading, root?.site?.title ?? "") }, { name: "robots", content: "noindex" }];
};

export default function SharePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.kind === "gone") {
    return <LinkEnded message={loaderData.message} />;
  }
  const opening = navigation.state !== "idle";
  return (
    <main className="page page--narrow share-page">
      <div className="card share-card">
        <h1>Shared album</h1>
        <p>This album is protected. Enter the password you were given to see it.</p>
        <ErrorBanners messages={[actionData?.error ?? null]} />
        <Form method="post" action={`/s/${params.token}?${UNLOCK}`} className="share-form">
          <div className="field">
            <label htmlFor="share-password">Password</label>
            <input id="share-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <Button type="submit" wide disabled={opening}>
            {opening ? "Opening..." : "Open album"}
          </Button>
        </Form>
      </div>
    </main>
  );
}
