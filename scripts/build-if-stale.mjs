// Builds when build/ is missing or older than any source file. Shared by
// `npm start`, the operator scripts' npm commands, `npm test` and the test
// runners' global setup (tests/support/build-first.ts), so what runs is always
// the code as it is.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from, relative to the project's root. */
export const SOURCES = [
  "app",
  "public",
  "scripts",
  "vite.config.ts",
  "vite.scripts.config.ts",
  "react-router.config.ts",
  "package.json",
];
/** The operator scripts: scripts/<name>.ts, built to build/scripts/<name>.js (vite.scripts.config.ts). */
export const OPERATOR_SCRIPTS = [
  "backup",
  "restore",
  "replica-restore",
  "reset-2fa",
  "seed",
  "storage-migrate",
  "exif-backfill",
  "metadata-backfill",
  "variants-backfill",
];
/** Written last, once the scripts' build (after the app's) is done, so its time is the build's. */
export const OUTPUT = "build/scripts/built-at.txt";

/** `npm run build`, step by step: React Router's (which empties build/ first), its assets compressed, then the scripts'. */
const BUILDERS = [
  ["node_modules/@react-router/dev/bin.js", "build"],
  ["scripts/precompress-assets.mjs"],
  ["node_modules/vite/bin/vite.js", "build", "--config", "vite.scripts.config.ts"],
];

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
  // A production install (no dev tools) runs the build it was shipped with.
  if (reason === "stale" && !fs.existsSync(path.join(root, BUILDERS[0][0]))) return;
  // On stderr: an operator script's output stays its own.
  console.error(reason === "stale" ? "Sources changed since the last build: building…" : "No build yet: building…");
  for (const [builder, ...args] of BUILDERS) {
    // The test runners set NODE_ENV=test, which would make a development build (no static files, no CSP).
    execFileSync(process.execPath, [path.join(root, builder), ...args], {
      cwd: root,
      // The builders' progress goes to stderr too.
      stdio: ["ignore", 2, 2],
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
