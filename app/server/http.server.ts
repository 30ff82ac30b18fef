/**
 * Errors travel as JSON Responses: API routes return them as they are, page
 * actions turn them into inline messages with `errorMessage`, and document
 * loaders let them reach the error boundary with their status.
 */
export function httpError(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
): Response {
  return Response.json({ message, ...extra }, { status, headers });
}

export interface ErrorBody {
  status: number;
  message: string;
  /** Any other fields of the JSON answer, such as the existing id of a duplicate. */
  extra: Record<string, unknown>;
}

/** Reads an error Response thrown by a server function; rethrows anything else. */
export async function errorMessage(error: unknown): Promise<ErrorBody> {
  if (!(error instanceof Response)) throw error;
  const { message, ...extra } = (await error.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: error.status, message: typeof message === "string" ? message : error.statusText, extra };
}

/** OPTIONS reaches a resource route's loader: answered with the methods the route serves. */
function optionsAnswer(allow: string): Response {
  return new Response(null, { status: 204, headers: { Allow: allow } });
}

/**
 * Wraps an /api handler so any unexpected error is still a JSON answer. A
 * loader passes `allow`, the methods its route serves, to answer OPTIONS.
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
      if (error instanceof Response) return error;
      console.error(error);
      return httpError(500, "Internal server error");
    }
  };
}

/** For a method a resource route does not serve: a JSON 405 naming the ones it does (204 for OPTIONS). */
export function methodNotAllowed(allow: string) {
  return async ({ request }: { request: Request }): Promise<Response> =>
    request.method === "OPTIONS" ? optionsAnswer(allow) : httpError(405, `Use ${allow} here.`, {}, { Allow: allow });
}
