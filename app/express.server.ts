import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import fs from "node:fs";
import path from "node:path";
import "react-router";
import { config } from "~/server/core/config.server";
import { photoMediaGate } from "~/server/proofs/proof-media.server";
import { heldAccessUntil } from "~/server/access/access.server";
import { serveDownloads } from "~/server/downloads/download-routes.server";
import { createBuiltAssets } from "~/server/http/built-assets.server";
import { createFastPath } from "~/server/http/fast-path.server";
import { newNonce, securityHeaders } from "~/server/http/headers.server";
import { pageRecorder } from "~/server/http/page-cache.server";
import { CROSS_SITE_MESSAGE, isCrossSite } from "~/server/http/security.server";

// What server.js needs besides the app and its fast path: startup and shutdown, the settings,
// the Host check and timeouts, and in development a way to drop cached pages.
export { config };
export { closeIdleConnections, timeoutOptions } from "~/server/http/http-timeouts.server";
export { forgetPages } from "~/server/http/page-cache.server";
export { prepare, shutdown } from "~/server/ops/startup.server";
export { refuseBadHost, validHost } from "~/server/http/host.server";

const development = import.meta.env.DEV;

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config().trustProxy);

/** server.js puts it in front of `app`: small media and cached pages are answered there. */
export const fastPath = createFastPath(
  app,
  photoMediaGate,
  development ? undefined : createBuiltAssets("build/client/assets"),
);

app.use((req, res, next) => {
  const nonce = newNonce();
  res.locals.nonce = nonce;
  res.set(securityHeaders(nonce, req.secure));
  next();
});

// Every stored variant is answered by the fast path (media.server.ts): what reaches here does not exist.
app.get("/media/:key/:file", (_req, res) => {
  res.status(404).json({ message: "Not found" });
});
// Photos and album ZIPs stream from the store past React Router, which would hold them in memory.
serveDownloads(app);
app.use(compression());

/** The files of public/ as built, as URL paths: other requests need not look on disk. */
function publicPaths(dir: string): Set<string> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Set(
    files.map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`),
  );
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

if (!development) {
  // Hashed file names: cache for good (the fast path answers all but byte ranges). Everything else in public/ for an
  // hour.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  const publicFiles = express.static("build/client", { maxAge: "1h" });
  const paths = publicPaths("build/client");
  app.use((req, res, next) => (paths.has(decodedPath(req.path)) ? publicFiles(req, res, next) : next()));
}

// React Router starts reading every request body. When the answer goes out
// before the body was read (a refused upload), drop the rest as Node does for
// unread bodies: left paused, it stalls the next request on the connection.
app.use((req, res, next) => {
  res.on("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
});

// Page actions from another site are refused before their body is read, in
// one log line: React Router's own origin check, behind this one, logs a stack.
// The API decides per caller instead: a bearer token may be used from anywhere.
app.use((req, res, next) => {
  const origin = new URL(`${req.protocol}://${req.host}`).origin;
  if (req.path.startsWith("/api/") || !isCrossSite(req.method, (name) => req.get(name), origin)) return next();
  console.warn(
    `Refused a cross-site ${req.method} ${req.path} (Origin: ${req.get("origin") ?? "none"}, Sec-Fetch-Site: ${req.get("sec-fetch-site") ?? "none"})`,
  );
  res.status(403).json({ message: CROSS_SITE_MESSAGE });
});

// A build given as a function is re-derived (routes flattened and ranked) on
// every request, which hot reload needs; a production build is fixed.
app.use(
  createRequestHandler({
    build: development
      ? () => import("virtual:react-router/server-build")
      : await import("virtual:react-router/server-build"),
    getLoadContext: (req, res) => {
      const nonce = String(res.locals.nonce);
      return { nonce, clientIp: req.ip ?? "unknown", keepPage: pageRecorder(req, nonce, heldAccessUntil) };
    },
  }),
);
