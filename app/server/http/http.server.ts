import { data } from "react-router";
import { HttpError } from "~/server/core/http-error.server";

/** For page loaders: an HttpError reaches the error boundary with its status and message; anything else as it is. */
export function pageError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return data({ message: error.message, ...error.extra }, { status: error.status, headers: error.headers });
}

/** OPTIONS reaches a resource route's loader: answered with the methods the route serves. */
function optionsAnswer(allow: string): Response {
  return new Response(null, { status: 204, headers: { Allow: allow } });
}

/**
 * Wraps an /api handler or an action-only route so every refusal, and any
 * unexpected error, is a JSON answer; a thrown Response (a guard's redirect)
 * is answered as it is. A loader passes `allow`, the methods its route
 * serves, to answer OPTIONS.
 */
export function jsonApi<Args extends { request: Request }>(
  handler: (args: Args) => Promise<Response>,
  { allow }: { allow?: string } = {},
) {
  return async (args: Args): Promise<Response> => {
    if (allow && args.request.method === "OPTIONS") return optionsAnswer(allow);
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof HttpError) return error.toResponse();
      if (error instanceof Response) return error;
      console.error(error);
      return new HttpError(500, "Internal server error").toResponse();
    }
  };
}

/** For a method a route does not serve: a JSON 405 naming the ones it does (204 for OPTIONS). */
export function methodNotAllowed(allow: string) {
  return async ({ request }: { request: Request }): Promise<Response> =>
    request.method === "OPTIONS"
      ? optionsAnswer(allow)
      : new HttpError(405, `Use ${allow} here.`, {}, { Allow: allow }).toResponse();
}
