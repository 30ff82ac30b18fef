import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { useRequestId } from "~/components/request-id";
import { HOME_PATH } from "~/lib/paths";
import { pageTitle } from "~/lib/seo";

interface ErrorPageProps {
  status: number;
  message: string;
  backTo?: string;
  backLabel?: string;
  children?: ReactNode;
}

/** The default error page (spec section 8): "Unexpected Application Error!" with status and message. */
export function ErrorPage({
  status,
  message,
  backTo = HOME_PATH,
  backLabel = "Back to the home page",
  children,
}: ErrorPageProps) {
  return (
    <main className="page page--narrow error-page">
      <title>{pageTitle(`${status} ${message}`)}</title>
      <h1 className="error-page__title">Unexpected Application Error!</h1>
      <h2 className="error-page__status">
        {status} {message}
      </h2>
      {children}
      <LinkButton to={backTo} variant="secondary" className="error-page__home">
        {backLabel}
      </LinkButton>
    </main>
  );
}

/** Status and message of whatever reached an error boundary: anything but a thrown response is the server's fault. */
function describeError(error: unknown): { status: number; message: string } {
  if (!isRouteErrorResponse(error)) return { status: 500, message: "Internal Server Error" };
  const body = error.data as { message?: unknown } | string | undefined;
  const message =
    error.statusText || (typeof body === "object" && typeof body?.message === "string" ? body.message : "Error");
  return { status: error.status, message };
}

/**
 * The error page of an error boundary. An unexpected error was logged with
 * the request id (see request-errors.server.ts), which the page names so the
 * owner can find the log line. Only the server render knows the id: the
 * browser keeps the server's text when it hydrates, and an error met after a
 * client-side navigation leaves the line empty, and hidden.
 */
export function ErrorBoundaryPage({
  error,
  backTo,
  backLabel,
}: {
  error: unknown;
  backTo?: string;
  backLabel?: string;
}) {
  const { status, message } = describeError(error);
  const id = useRequestId();
  return (
    <ErrorPage status={status} message={message} backTo={backTo} backLabel={backLabel}>
      {isRouteErrorResponse(error) ? null : (
        <p className="error-page__request" suppressHydrationWarning>
          {id ? `Request id: ${id}` : ""}
        </p>
      )}
    </ErrorPage>
  );
}
