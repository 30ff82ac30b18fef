import type { Express, Request } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { createBuiltAssets } from "./built-assets.server";
import { applyCachePolicy } from "./cache-policy.server";
import { serveMedia, type MediaGate } from "./media.server";
import { serveCachedPage } from "./page-cache.server";

type BuiltAssets = ReturnType<typeof createBuiltAssets>;

/**
 * The one layer in front of Express's router, the same in production and in
 * development (server.js). It answers from memory the requests the router
 * would cost more than the answer itself (docs/decisions/006-one-request-path.md):
 * the built scripts and styles in production (built-assets.server.ts), small
 * media variants (media.server.ts) and cached pages, an anonymous visitor's or
 * one browser's own (page-cache.server.ts). Everything else, and every miss, goes on
 * to `next`, which ends in the Express app. Every response leaves under the one caching policy
 * (cache-policy.server.ts): files set theirs with `fileCacheControl`, the rest through its hook.
 */
export function createFastPath(app: Express, mediaGate: MediaGate, builtAssets?: BuiltAssets) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const request = expressView(app, req);
    // Built files and media set their own caching headers (fileCacheControl); everything after them takes the policy.
    const page = () => {
      applyCachePolicy(req, res);
      serveCachedPage(request, res, next);
    };
    const media = () => serveMedia(request, res, mediaGate, page);
    if (builtAssets) builtAssets(request, res, media);
    else media();
  };
}

/**
 * The request as Express reads it (`secure`, `protocol`, `path`, with the
 * app's `trust proxy`), so the answers here agree with Express's own: a new
 * object over the same headers and socket. Giving the request itself
 * Express's prototype, as `app.handle` does, halves the fast path's throughput.
 */
function expressView(app: Express, req: IncomingMessage): Request {
  const view = Object.create(app.request) as Request;
  view.method = req.method!;
  view.url = req.url!;
  view.headers = req.headers;
  view.socket = req.socket;
  return view;
}
