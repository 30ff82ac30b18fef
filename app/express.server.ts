import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import "react-router";
import { config } from "~/server/config.server";
import { closeDatabase, initDatabase, StartupError } from "~/server/db.server";
import { ensureAdmin } from "~/server/auth.server";
import { allStorageKeys } from "~/server/images.server";
import { contentSecurityPolicy } from "~/server/headers.server";
import {
  ensureStorageDirs,
  imageDir,
  STORAGE_KEY_PATTERN,
  storageWritable,
  sweepOrphans,
  VARIANT_FILE_PATTERN,
} from "~/server/storage.server";

export { config };

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
    const { dataDir, uploadsDir } = config();
    assertWritable(dataDir, "DATA_DIR");
    assertWritable(uploadsDir, "UPLOADS_DIR");
    ensureStorageDirs();
    if (!(await storageWritable())) throw new StartupError(`UPLOADS_DIR (${uploadsDir}) is not writable by this process.`);
    initDatabase();
    await ensureAdmin(log);
    const swept = await sweepOrphans(allStorageKeys());
    if (swept.orphans || swept.tmp) log(`Removed ${swept.tmp} unfinished uploads and ${swept.orphans} orphan image folders.`);
  })();
  return prepared;
}

export function shutdown(): void {
  closeDatabase();
}

const development = import.meta.env.DEV;

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config().trustProxy);

app.use((req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  // Vite's dev client injects inline scripts, so the policy applies to builds only.
  if (!development) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
});
app.use(compression());

if (!development) {
  // Hashed file names: cache for good. Everything else in public/ for an hour.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}

// Variants are immutable: a changed image gets a new key, so a new URL.
app.get("/media/:key/:file", (req, res) => {
  const { key, file } = req.params;
  if (!STORAGE_KEY_PATTERN.test(key) || !VARIANT_FILE_PATTERN.test(file)) {
    res.status(404).json({ message: "Not found" });
    return;
  }
  res.sendFile(path.join(imageDir(key), file), { maxAge: "1y", immutable: true }, (error) => {
    if (error && !res.headersSent) res.status(404).json({ message: "Not found" });
  });
});

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req, res) => ({ nonce: String(res.locals.nonce), clientIp: req.ip ?? "unknown" }),
  }),
);
