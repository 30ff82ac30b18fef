import { Readable } from "node:stream";
import { HttpError } from "~/server/core/http-error.server";
import { jsonApi } from "~/server/http/http.server";
import { openCv } from "~/server/site/site-cv.server";
import type { Route } from "./+types/cv-pdf";

/**
 * The owner's CV, at the address it always had. Its caching is a page's
 * (cache-policy.server.ts): the ETag is the content version, which an upload
 * or "No CV" bumps, so a replaced CV is never served from a stale copy.
 * `X-Content-Type-Options: nosniff` comes with every answer (headers.server.ts).
 */
export const loader = jsonApi(
  async ({ request }: Route.LoaderArgs) => {
    const cv = await openCv();
    if (!cv) throw new HttpError(404, "There is no CV.");
    const headers = {
      "Content-Type": "application/pdf",
      "Content-Length": String(cv.size),
      "Content-Disposition": 'inline; filename="cv.pdf"',
    };
    if (request.method === "HEAD") {
      cv.discard();
      return new Response(null, { headers });
    }
    const body = cv.body();
    return new Response(Buffer.isBuffer(body) ? new Uint8Array(body) : (Readable.toWeb(body) as ReadableStream), {
      headers,
    });
  },
  { allow: "GET, HEAD" },
);
