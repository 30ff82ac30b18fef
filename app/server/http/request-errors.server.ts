import crypto from "node:crypto";
import { isRouteErrorResponse } from "react-router";

const ids = new WeakMap<Request, string>();

/**
 * A short random id for a request, the same every time it is asked for: the
 * log line of an error and the error page show it, so the owner can find one
 * from the other.
 */
export function requestId(request: Request): string {
  let id = ids.get(request);
  if (!id) {
    id = crypto.randomBytes(6).toString("hex");
    ids.set(request, id);
  }
  return id;
}

/** React Router wraps its own refusals (no route, no action) in a response carrying the underlying error. */
function causeOf(error: unknown): unknown {
  return isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error);
}

/**
 * Logs an unexpected error of a request, once, on a line that starts with the
 * request id (a stack trace follows on its own lines). A 4xx answer is the
 * client's mistake, answered as such, and a request the client gave up on
 * needs no answer: neither is logged.
 */
export function logRequestError(error: unknown, request: Request, log: (text: string) => void = console.error): void {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const url = new URL(request.url);
  log(
    `Request ${requestId(request)} failed: ${request.method} ${url.pathname}${url.search}: ${describe(causeOf(error))}`,
  );
}
