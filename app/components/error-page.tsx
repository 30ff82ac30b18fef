import { isRouteErrorResponse, Link } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";

/** Status and message of whatever reached an error boundary. */
export function describeError(error: unknown): { status: number; message: string } {
  if (!isRouteErrorResponse(error)) return { status: 500, message: "Internal Server Error" };
  const body = error.data as { message?: unknown } | string | undefined;
  const message = error.statusText || (typeof body === "object" && typeof body?.message === "string" ? body.message : "Error");
  return { status: error.status, message };
}

/** The default error page (spec section 8): "Unexpected Application Error!" with status and message. */
export function ErrorPage({ error, backTo = "/", backLabel = "Back to the home page" }: { error: unknown; backTo?: string; backLabel?: string }) {
  const { status, message } = describeError(error);
  return (
    <main className="error-page">
      <title>{`${status} ${message}`}</title>
      <h1 className="error-page__title">Unexpected Application Error!</h1>
      <h2 className="error-page__status">
        {status} {message}
      </h2>
      <Link to={backTo} className="error-page__home">
        <ArrowLeftIcon className="error-page__icon" />
        {backLabel}
      </Link>
    </main>
  );
}
