import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import "react-router";
import { config } from "~/server/config.server";
import { closeDatabase, initDatabase, StartupError } from "~/server/db.server";
import { ensureAdmin } from "~/server/auth.server";
import { allStorageKeys } from "~/server/images.server";
import { newNonce, securityHeaders } from "~/server/headers.server";
import { refuseBadHost, validHost } from "~/server/host.server";
import { isVariantPath, serveMedia, variantPath } from "~/server/media.server";
import { pageCache, serveCachedPage } from "~/server/page-cache.server";
import { closePasswordWorkers } from "~/server/password.server";
import { keepNewFilesPrivate, makeSitePrivate } from "~/server/private-files.server";
import { CROSS_SITE_MESSAGE, isCrossSite } from "~/server/security.server";
import { ensureStorageDirs, storageWritable, sweepOrphans } from "~/server/storage.server";

export { config };
export { closeIdleConnections, timeoutOptions } from "~/server/http-timeouts.server";
export { refuseBadHost, validHost };

/**
 * Runs on the plain Node server before Express: small media files and cached
 * pages are answered there (Express's router would be most of their cost);
 * everything else goes on to `next`, the Express app.
 */
export function serveBeforeExpress(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  serveMedia(req, res, () => serveCachedPage(req, res, next));
}

let prepared: Promise<void> | undefined;

function assertWritable(dir: string, name: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new StartupError(`${name} (${dir}) is not writable by this process.`);
  }
}

/** Everything that must hold before the server listens; safe to call more than once. */
export function prepare(log: (line: string) => void = console.log): Promise<void> {
  prepared ??= (async () => {
    keepNewFilesPrivate();
    const { dataDir, uploadsDir } = config();
    assertWritable(dataDir, "DATA_DIR");
    assertWritable(uploadsDir, "UPLOADS_DIR");
    ensureStorageDirs();
    if (!(await storageWritable())) throw new StartupError(`UPLOADS_DIR (${uploadsDir}) is not writable by this process.`);
    initDatabase();
    await ensureAdmin(log);
    const swept = await sweepOrphans(allStorageKeys());
    if (swept.orphans || swept.tmp) log(`Removed ${swept.tmp} unfinished uploads and ${swept.orphans} orphan image folders.`);
    const { changed, failures } = makeSitePrivate();
    if (changed) log(`Made ${changed} files and folders readable by this user only.`);
    for (const failure of failures) log(`Left as it is, its mode cannot be changed: ${failure}`);
  })();
  return prepared;
}

/** After the last request: server.js exits right after, so the workers' termination need not be awaited. */
export function shutdown(): void {
  closeDatabase();
  void closePasswordWorkers();
}

const development = import.meta.env.DEV;

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config().trustProxy);

app.use((req, res, next) => {
  const nonce = newNonce();
  res.locals.nonce = nonce;
  // Vite's dev client injects inline scripts, so the policy applies to builds only.
  res.set(securityHeaders({ nonce, secure: req.secure, policy: !development }));
  next();
});

// Variants are immutable: a changed image gets a new key, so a new URL. Small
// ones are answered from memory by `serveMedia` before Express; this route
// streams the large ones and answers 404.
app.get("/media/:key/:file", (req, res) => {
  const { key, file } = req.params;
  const notFound = () => res.status(404).json({ message: "Not found" });
  if (!isVariantPath(key, file)) return notFound();
  res.sendFile(variantPath(key, file), { maxAge: "1y", immutable: true }, (error) => {
    if (error && !res.headersSent) notFound();
  });
});
app.use(compression());

/** The files of public/ as built, as URL paths: other requests need not look on disk. */
function publicPaths(dir: string): Set<string> {
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Set(files.map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`));
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

if (!development) {
  // Hashed file names: cache for good. Everything else in public/ for an hour.
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
  console.warn(`Refused a cross-site ${req.method} ${req.path} (Origin: ${req.get("origin") ?? "none"}, Sec-Fetch-Site: ${req.get("sec-fetch-site") ?? "none"})`);
  res.status(403).json({ message: CROSS_SITE_MESSAGE });
});

// A build given as a function is re-derived (routes flattened and ranked) on
// every request, which hot reload needs; a production build is fixed.
const build = development ? undefined : await import("virtual:react-router/server-build");
const clientIp = (req: express.Request) => req.ip ?? "unknown";
if (build) app.use(pageCache(build, clientIp));
app.use(
  createRequestHandler({
    build: build ?? (() => import("virtual:react-router/server-build")),
    getLoadContext: (req, res) => ({ nonce: String(res.locals.nonce), clientIp: clientIp(req) }),
  }),
);
