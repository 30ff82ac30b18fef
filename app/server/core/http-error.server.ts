/**
 * A refusal with its HTTP status, thrown by server functions of every floor.
 * API routes turn it into the JSON answer `{ message, ...extra }`
 * (`toResponse`, through `jsonApi`), page actions into an inline message,
 * page loaders into the error page (`pageError`).
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

  /** The exact field the refusal names (`links[2].url`, record 071), for a form to mark its input; null for none. */
  get field(): string | null {
    return typeof this.extra.field === "string" ? this.extra.field : null;
  }

  toResponse(): Response {
    return Response.json({ message: this.message, ...this.extra }, { status: this.status, headers: this.headers });
  }
}
