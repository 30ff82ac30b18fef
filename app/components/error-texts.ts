/**
 * The reason phrase of each status the site answers with (RFC 9110), for the
 * error page's status line: the browser has no table of its own, and a
 * thrown response's statusText is not carried to the page reliably.
 */
const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function statusText(status: number): string {
  return REASONS[status] ?? (status >= 500 ? "Server Error" : "Error");
}

/** A plain sentence for a status when the server sent none. */
export function explainStatus(status: number): string {
  if (status === 404) return "There is nothing at this address: the link may be mistyped, or the page was moved.";
  if (status >= 500) return "Something went wrong on our side. Trying again in a moment may help.";
  return "This request could not be answered as it was sent.";
}
