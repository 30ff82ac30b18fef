import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useNavigate,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Dashboard } from "~/components/admin/dashboard";
import { LoginForm } from "~/components/admin/login-form";
import { SecondStepForm } from "~/components/admin/second-step-form";
import { useAuth } from "~/components/auth";
import { ErrorBoundaryPage } from "~/components/error-page";
import { ADMIN_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { isAdmin, NOT_LOGGED_IN } from "~/server/auth/auth.server";
import { formText, pageAction, publicPage } from "~/server/http/page-action.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { HttpError } from "~/server/core/http-error.server";
import { galleryStats, latestUploads } from "~/server/photos/images.server";
import { passwordStep, secondStep } from "~/server/auth/login.server";
import { safeRedirect } from "~/server/http/security.server";
import { addedImages, takeUploadReport } from "~/server/photos/upload-report.server";
import { albumChoices } from "~/server/albums/albums.server";
import { firstRunChecklist } from "./admin/first-run.server";
import { isUnansweredAction, unansweredAction } from "~/lib/unanswered-action";
import "~/styles/admin.css";
import "~/styles/two-step.css";
import type { Route } from "./+types/photography.admin";

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE };
/** How many of the newest photos the dashboard shows beside the upload panel. */
const LATEST_UPLOADS = 6;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, {
    title: loaderData?.admin ? "Admin Dashboard" : "Gallery Admin Login",
    description: "Manage the photo gallery.",
    path: ADMIN_PATH,
    noindex: true,
  });

/** Every answer of this page, error pages and action answers included, is private; a throttled login keeps its Retry-After. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * The login form, or the dashboard. A visitor sent here by a guard (the URL
 * names where to go back to) is told why; the dashboard shows the report of
 * a plain-form upload once.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await isAdmin(request))) {
    const sentByGuard = new URL(request.url).searchParams.has("redirectTo");
    return { admin: false as const, notice: sentByGuard ? NOT_LOGGED_IN : null };
  }
  const upload = await takeUploadReport(request);
  const stats = galleryStats();
  const dashboard = {
    admin: true as const,
    stats,
    firstRun: firstRunChecklist(stats.count),
    latest: latestUploads(LATEST_UPLOADS),
    upload: upload?.report ?? null,
    uploadedImages: upload ? addedImages(upload.report) : [],
    albums: albumChoices(),
  };
  return upload ? data(dashboard, { headers: { "Set-Cookie": upload.clear } }) : dashboard;
}

/**
 * A refusal of the login form keeps the username typed, never the password;
 * a refused code shows the second form again, unless its ticket is gone (the
 * password form then); any other refusal is the dashboard's.
 */
function loginRefusal(error: HttpError, form: FormData | undefined) {
  const intent = formText(form, "intent");
  if (intent === "second-step" && !error.extra.restart) return { intent: "second-step" as const, error: error.message };
  if (intent !== "login" && intent !== "second-step") return { intent: null, error: error.message };
  return { intent: "login" as const, error: error.message, username: formText(form, "username") ?? "" };
}

/** The login forms' posts (the password, then with two-step codes on a code); Logout and the plain upload form have routes of their own. */
export const action = pageAction(
  { guard: publicPage, refusal: loginRefusal },
  async (form: FormData, { request, context }: Route.ActionArgs) => {
    const intent = form.get("intent");
    if (intent !== "login" && intent !== "second-step") throw new HttpError(400, "Unknown action.");
    const redirectTo = safeRedirect(form.get("redirectTo"), ADMIN_PATH);
    let signedIn;
    if (intent === "login") {
      const credentials = { username: form.get("username"), password: form.get("password") };
      const step = await passwordStep(request, credentials, context.clientIp);
      if ("secondStep" in step) {
        const headers = { "Set-Cookie": step.secondStep.setCookie };
        return data({ intent: "second-step" as const, error: null }, { headers });
      }
      signedIn = step.signedIn;
    } else {
      signedIn = await secondStep(request, { code: form.get("code") }, context.clientIp);
    }
    const { token, headers } = signedIn;
    if (form.get("client") === "js") {
      // Only a page running JavaScript asked for the token, and only it can keep it.
      return data({ intent: "login" as const, token, redirectTo }, { headers });
    }
    headers.set("Cache-Control", PRIVATE_NO_STORE);
    return redirect(redirectTo, { status: 303, headers });
  },
);

/** A request that never got an answer (network down) still ends in a message, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    console.error(error);
    return unansweredAction;
  }
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isUnansweredAction(actionResult) ? false : defaultShouldRevalidate;
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const token = actionData && "token" in actionData ? actionData.token : null;
  const redirectTo = actionData && "token" in actionData ? actionData.redirectTo : null;

  const here = location.pathname + location.search;
  useEffect(() => {
    if (!token || !redirectTo) return;
    signIn(token);
    if (redirectTo !== here) void navigate(redirectTo, { replace: true });
  }, [token, redirectTo, here, signIn, navigate]);

  const error = actionData && "error" in actionData ? actionData.error : null;

  if (!loaderData.admin) {
    const searchRedirect = new URLSearchParams(location.search).get("redirectTo");
    if (actionData?.intent === "second-step") return <SecondStepForm error={error} redirectTo={searchRedirect} />;
    const username = actionData && "username" in actionData ? actionData.username : undefined;
    return <LoginForm error={error ?? loaderData.notice} redirectTo={searchRedirect} username={username} />;
  }
  return (
    <Dashboard
      stats={loaderData.stats}
      firstRun={loaderData.firstRun}
      latest={loaderData.latest}
      upload={loaderData.upload}
      uploadedImages={loaderData.uploadedImages}
      albums={loaderData.albums}
      error={actionData?.intent === "login" || actionData?.intent === "second-step" ? null : error}
    />
  );
}

/** Errors stay on this route so its no-store header covers them too. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} backTo={ADMIN_PATH} backLabel="Back to the admin page" />;
}
