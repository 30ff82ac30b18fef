/**
 * The one way a page action is written (modelled on epic-stack's route
 * actions: guard first, the form read once, a refusal answered as the page's
 * data with its status). Action-only routes that answer JSON or stream an
 * upload (logout, the plain upload form) keep `jsonApi` instead.
 */
import { data } from "react-router";
import { HttpError } from "~/server/core/http-error.server";
import { isMultipart, readForm } from "~/server/http/body.server";

export const UPLOAD_ELSEWHERE = "Upload files with the upload form.";

/** Who may post: it answers with the session, or refuses (throws) before the body is read. */
type Guard<Session> = (request: Request) => Promise<Session>;

/** The guard of a page anyone may post to (the login form, a share link's password form). */
export const publicPage: Guard<null> = async () => null;

interface PageActionOptions<Args, Refusal, Session> {
  /**
   * Runs before a byte of the body is read: `publicPage`, or for the owner's
   * pages `requireAdminPage` (auth/auth.server.ts, handed in so this floor
   * stays below auth), which redirects a browser without a session to the
   * login form and gives the page's own script (`scriptActionHref`) a 401
   * refusal it shows in place.
   */
  guard: Guard<Session>;
  /**
   * The page's data for a refusal, shown in place. `form` is undefined when
   * the refusal came before the form was read (the guard, the size limit).
   */
  refusal: (error: HttpError, form: FormData | undefined, args: Args) => Refusal;
}

/**
 * Wraps a page action's `handler`, which gets the form already read (under
 * the 64 KB limit of `readForm`) and the guard's session (null for a public
 * page), and refuses by throwing an `HttpError`. Anything else thrown (a
 * redirect, `pageError`, a bug) passes through as is.
 */
export function pageAction<Args extends { request: Request }, Result, Refusal, Session>(
  options: PageActionOptions<Args, Refusal, Session>,
  handler: (form: FormData, args: Args, session: Session) => Promise<Result> | Result,
) {
  return async (args: Args) => {
    let form: FormData | undefined;
    try {
      const session = await options.guard(args.request);
      // Files never reach a page action: refused unread, as a stray upload could be large.
      if (isMultipart(args.request)) throw new HttpError(415, UPLOAD_ELSEWHERE);
      form = await readForm(args.request);
      return await handler(form, args, session);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return data(options.refusal(error, form, args), { status: error.status, headers: error.headers });
    }
  };
}

/** A text field of a form, or undefined when absent (or a file). */
export function formText(form: FormData | undefined, name: string): string | undefined {
  const value = form?.get(name);
  return typeof value === "string" ? value : undefined;
}
