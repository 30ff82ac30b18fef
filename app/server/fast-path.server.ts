import type { Express, Request, Response } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { serveMedia } from "./media.server";
import { serveCachedPage } from "./page-cache.server";

/**
 * The one layer in front of Express's router, the same in production and in
 * development (server.js). It answers from memory the two requests the router
 * would cost more than the answer itself (docs/decisions/006-one-request-path.md):
 * small media variants (media.server.ts) and pages cached for anonymous
 * visitors (page-cache.server.ts). Everything else, and every miss, goes on
 * to `next`, which ends in the Express app.
 *
 * The request and response first get the app's prototypes, as `app.handle`
 * gives them before routing, so these answers use Express's own `req.secure`,
 * `req.protocol` and `res.send` (HEAD, conditional requests) rather than copies.
 */
export function createFastPath(app: Express) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    const request = req as Request;
    const response = res as Response;
    request.res = response;
    response.req = request;
    serveMedia(request, response, () => serveCachedPage(request, response, next));
  };
}
