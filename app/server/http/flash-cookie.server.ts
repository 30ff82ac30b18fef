/**
 * A value carried once across a form's Post/Redirect/Get, in a short-lived
 * signed cookie of the owner's browser: the page the form redirects to reads
 * it and clears it (a report of an upload, a new share link's URL).
 */
import { createCookie, type Cookie } from "react-router";
import { sessionSecrets } from "~/server/core/session-secrets.server";
import { secureFor } from "./security.server";

interface FlashOptions {
  /** The pages that read it. */
  path: string;
  maxAge: number;
  sameSite?: "lax" | "strict";
}

export function flashCookie<T>(name: string, options: FlashOptions, accepts: (value: unknown) => value is T) {
  let made: Cookie | undefined;
  const cookie = () =>
    (made ??= createCookie(name, {
      httpOnly: true,
      sameSite: options.sameSite ?? "lax",
      path: options.path,
      maxAge: options.maxAge,
      secrets: sessionSecrets(),
    }));
  return {
    /** The Set-Cookie that carries `value` to the next page. */
    give: (request: Request, value: T): Promise<string> => cookie().serialize(value, { secure: secureFor(request) }),
    /**
     * When the browser carries the cookie: its value (null when it is not one `accepts` takes) and the Set-Cookie
     * that clears it.
     */
    async take(request: Request): Promise<{ value: T | null; clear: string } | null> {
      const header = request.headers.get("cookie");
      if (!header?.includes(`${name}=`)) return null;
      const value: unknown = await cookie().parse(header);
      const clear = await cookie().serialize("", { maxAge: 0, secure: secureFor(request) });
      return { value: accepts(value) ? value : null, clear };
    },
  };
}
