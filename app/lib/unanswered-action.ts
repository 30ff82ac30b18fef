/**
 * What a page's clientAction returns when its request never reached the
 * server (the network is down): a message for the form, not an error page.
 * Nothing changed on the server, so no loader (the page's or the root's) is
 * asked again: that request would fail the same way and replace the page
 * with the error page.
 */
export const UNKNOWN_ERROR = "An unknown error occurred";

export const unansweredAction = { intent: null, error: UNKNOWN_ERROR } as const;

export function isUnansweredAction(actionResult: unknown): boolean {
  const result = actionResult as { intent?: unknown; error?: unknown } | undefined;
  return result?.intent === null && result.error === UNKNOWN_ERROR;
}
