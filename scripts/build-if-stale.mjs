// Builds when build/ is missing or older than any source file. Shared by
// `npm start`, `npm test` and the test runners' global setup
// (tests/support/build-first.ts), so tests always run the code as it is.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from, relative to the project's root. */
export const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package.json"];
/** Written last by `react-router build` (after the client), so its time is the build's. */
export const OUTPUT = "build/server/index.js";

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Why the build under `root` must be made again: "missing", "stale" (a source
 * file, or a folder whose entries changed, is newer than the build), or null
 * when it is current.
 */
export function staleness(root = process.cwd()) {
  const output = path.join(root, OUTPUT);
  if (!fs.existsSync(output)) return "missing";
  const sources = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  return sources > fs.statSync(output).mtimeMs ? "stale" : null;
}

export function buildIfStale(root = process.cwd()) {
  const reason = staleness(root);
  if (!reason) return;
  const builder = path.join(root, "node_modules/@react-router/dev/bin.js");
  // A production install (no dev tools) runs the build it was shipped with.
  if (reason === "stale" && !fs.existsSync(builder)) return;
  console.log(reason === "stale" ? "Sources changed since the last build: building…" : "No build yet: building…");
  // The test runners set NODE_ENV=test, which would make a development build (no static files, no CSP).
  execFileSync(process.execPath, [builder, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
