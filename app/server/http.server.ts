import { data } from "react-router";

/**
 * A refusal with its HTTP status, thrown by server functions. API routes turn
 * it into the JSON answer `{ message, ...extra }` (`toResponse`, through
 * `jsonApi`), page actions into an inline message, page loaders into the
 * error page (`pageError`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Any other fields of the JSON answer, such as the existing id of a duplicate. */
    readonly extra: Record<string, unknown> = {},
    /** Such as Retry-After or Allow. */
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "HttpError";
  }

  toResponse(): Response {
    return Response.json({ message: this.message, ...this.extra }, { status: this.status, headers: this.headers });
  }
}

/** For page loaders: an HttpError reaches the error boundary with its status and message; anything else as it is. */
export function pageError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return data({ message: error.message, ...error.extra }, { status: error.status, headers: error.headers });
}

/**
 * Wraps an /api handler or an action-only route so every refusal, and any
 * unexpected error, is a JSON answer; a thrown Response (a guard's redirect)
 * is answered as it is.
 */
export function jsonApi<Args>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
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

/** For a method a route does not serve: a JSON 405 naming the ones it does. */
export function methodNotAllowed(allow: string) {
  return async (): Promise<Response> => new HttpError(405, `Use ${allow} here.`, {}, { Allow: allow }).toResponse();
}
