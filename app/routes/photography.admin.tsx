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
import type { UploadSummary } from "~/components/admin/plain-upload-form";
import { useAuth } from "~/components/auth";
import { ErrorBoundaryPage } from "~/components/error-page";
import { MAX_FORM_FILES } from "~/lib/limits";
import { ADMIN_PATH, GALLERY_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { isAdmin, login, logout, requireAdmin } from "~/server/auth.server";
import { errorMessage } from "~/server/http.server";
import { uploadImages } from "~/server/image-upload.server";
import { galleryStats } from "~/server/images.server";
import { safeRedirect } from "~/server/security.server";
import "~/styles/admin.css";
import type { Route } from "./+types/photography.admin";

const UNKNOWN_ERROR = "An unknown error occurred";
const NO_STORE = { "Cache-Control": "no-store" };

type ActionResult =
  | { intent: "login"; token: string; redirectTo: string }
  | { intent: "upload"; results: UploadSummary[] }
  | { intent: "login" | "upload" | "logout" | null; error: string; username?: string };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.admin ? "Admin Dashboard" : "Gallery Admin Login",
    description: "Manage the photo gallery.",
    path: ADMIN_PATH,
    noindex: true,
  });

/** Every answer of this page, error pages and action answers included, is private. */
export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await isAdmin(request))) return { admin: false as const };
  return { admin: true as const, stats: galleryStats() };
}

function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

export async function action({ request, context }: Route.ActionArgs) {
  // A multipart body can be read once, by the upload itself: its intent is in the URL.
  if (new URL(request.url).searchParams.get("intent") === "upload") return uploadAction(request);
  if (isMultipart(request)) {
    return data<ActionResult>({ intent: null, error: "Upload files with the upload form." }, { status: 415 });
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "login") return loginAction(request, form, context.clientIp);
  if (intent === "logout") {
    return redirect(GALLERY_PATH, { status: 303, headers: { ...NO_STORE, "Set-Cookie": await logout(request) } });
  }
  return data<ActionResult>({ intent: null, error: "Unknown action." }, { status: 400 });
}

async function loginAction(request: Request, form: FormData, clientIp: string) {
  try {
    const credentials = { username: form.get("username"), password: form.get("password") };
    const { token, setCookie } = await login(request, credentials, clientIp);
    const redirectTo = safeRedirect(form.get("redirectTo"), ADMIN_PATH);
    if (form.get("client") === "js") {
      // Only a page running JavaScript asked for the token, and only it can keep it.
      return data<ActionResult>({ intent: "login", token, redirectTo }, { headers: { "Set-Cookie": setCookie } });
    }
    return redirect(redirectTo, { status: 303, headers: { ...NO_STORE, "Set-Cookie": setCookie } });
  } catch (error) {
    const { status, message } = await errorMessage(error);
    // Without JavaScript the page is drawn anew: keep the username typed, never the password.
    const username = form.get("username");
    return data<ActionResult>(
      { intent: "login", error: message || UNKNOWN_ERROR, username: typeof username === "string" ? username : "" },
      { status },
    );
  }
}

async function uploadAction(request: Request) {
  await requireAdmin(request);
  try {
    const results = await uploadImages(request, { maxFiles: MAX_FORM_FILES });
    if (results.length === 0) {
      return data<ActionResult>({ intent: "upload", error: "Choose at least one image to upload." }, { status: 400 });
    }
    const summaries = results.map<UploadSummary>((result) =>
      result.ok
        ? { ok: true, filename: result.filename, name: result.image.name }
        : { ok: false, filename: result.filename, reason: result.message },
    );
    const firstRefusal = results.find((result) => !result.ok);
    const status = firstRefusal && summaries.every((summary) => !summary.ok) ? firstRefusal.status : 200;
    return data<ActionResult>({ intent: "upload", results: summaries }, { status });
  } catch (error) {
    const { status, message } = await errorMessage(error);
    return data<ActionResult>({ intent: "upload", error: message }, { status });
  }
}

/** A request that never got an answer (network down) still ends in a message, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult | Response> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    console.error(error);
    return { intent: null, error: UNKNOWN_ERROR };
  }
}

/** When the action never reached the server nothing changed there, and reloading would fail the same way. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const unanswered = (actionResult as ActionResult | undefined)?.intent === null && actionResult?.error === UNKNOWN_ERROR;
  return unanswered ? false : defaultShouldRevalidate;
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
    const username = actionData && "username" in actionData ? actionData.username : undefined;
    return <LoginForm error={error} redirectTo={searchRedirect} username={username} />;
  }
  return (
    <Dashboard
      stats={loaderData.stats}
      uploadResults={actionData && "results" in actionData ? actionData.results : null}
      error={actionData?.intent === "login" ? null : error}
    />
  );
}

/**
 * Errors stay on this route so its no-store header covers them too. A refused
 * request (an expired session posting an upload) gets the login form back.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401) {
    const body = error.data as { message?: unknown } | undefined;
    return <LoginForm error={typeof body?.message === "string" ? body.message : UNKNOWN_ERROR} redirectTo={null} />;
  }
  return <ErrorBoundaryPage error={error} backTo={ADMIN_PATH} backLabel="Back to the admin page" />;
}
