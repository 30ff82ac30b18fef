// Builds when build/ is missing or older than any source file. Shared by
// `npm start` and `npm test`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "package.json"];
const OUTPUT = "build/server/index.js";

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIfStale() {
  const built = fs.existsSync(OUTPUT) ? fs.statSync(OUTPUT).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built && built >= sources) return;
  if (built && !fs.existsSync("node_modules/@react-router/dev")) {
    // A production install (no dev tools) runs the build it was shipped with.
    return;
  }
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building…");
  execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
