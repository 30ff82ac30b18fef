import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { useRequestId } from "~/components/request-id";
import { ALBUMS_PATH, GALLERY_PATH } from "~/lib/paths";
import { pageTitle } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import { explainStatus, statusText } from "./error-texts";

interface ErrorPageProps {
  status: number;
  /** What went wrong, in a plain sentence; the status's own explanation when left out. */
  explanation?: string;
  /** A way back of the page's own, before the gallery and the albums (the admin's page, say). */
  backTo?: string;
  backLabel?: string;
  children?: ReactNode;
}

/**
 * The default error page (spec section 8): "Unexpected Application Error!"
 * with the status and its reason phrase ("404 Not Found"), a plain sentence,
 * and the ways on: the gallery and the albums (the site header holds the rest).
 */
export function ErrorPage({ status, explanation, backTo, backLabel, children }: ErrorPageProps) {
  const message = statusText(status);
  // Missing only when the root loader itself failed.
  const siteTitle = useRouteLoaderData<typeof rootLoader>("root")?.site.title ?? "";
  return (
    <main className="page page--narrow error-page">
      <title>{pageTitle(`${status} ${message}`, siteTitle)}</title>
      <h1 className="error-page__title">Unexpected Application Error!</h1>
      <h2 className="error-page__status">
        {status} {message}
      </h2>
      <p className="error-page__explanation">{explanation ?? explainStatus(status)}</p>
      {children}
      <div className="error-page__links">
        {backTo && backLabel ? (
          <LinkButton to={backTo} variant="secondary">
            {backLabel}
          </LinkButton>
        ) : null}
        <LinkButton to={GALLERY_PATH} variant="secondary">
          Go to the gallery
        </LinkButton>
        <LinkButton to={ALBUMS_PATH} variant="secondary">
          See the albums
        </LinkButton>
      </div>
    </main>
  );
}

/**
 * The status of whatever reached an error boundary, and the server's own
 * sentence when it sent one: anything but a thrown response is the server's fault.
 */
function describeError(error: unknown): { status: number; explanation?: string } {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const body = error.data as { message?: unknown } | string | undefined;
  const said = typeof body === "object" && typeof body?.message === "string" ? body.message : undefined;
  return { status: error.status, explanation: said && `${said.replace(/\.$/, "")}.` };
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
  const { status, explanation } = describeError(error);
  const id = useRequestId();
  return (
    <ErrorPage status={status} explanation={explanation} backTo={backTo} backLabel={backLabel}>
      {isRouteErrorResponse(error) ? null : (
        <p className="error-page__request" suppressHydrationWarning>
          {id ? `Request id: ${id}` : ""}
        </p>
      )}
    </ErrorPage>
  );
}
