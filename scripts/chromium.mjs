// Finds a Chromium for Playwright, in the order docs/testing.md gives:
// CHROMIUM_PATH, Debian's headless shell, Playwright's own, Debian's full
// /usr/bin/chromium, `npx playwright install chromium`, then
// `apt-get install -y chromium-headless-shell` when running as root with apt.
// The headless shell comes first: the same engine without the browser's
// window machinery, it ran the end-to-end suite on a third less CPU.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

function playwrightOwn() {
  try {
    const { chromium } = require("playwright-core");
    const candidate = chromium.executablePath();
    return fs.existsSync(candidate) ? candidate : undefined;
  } catch {
    return undefined;
  }
}

// The shell itself, not Debian's /usr/bin wrapper script, so that Playwright's signals reach it.
const HEADLESS_SHELL = ["/usr/lib/chromium/chromium-headless-shell"];
const FULL = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function system(candidates) {
  return candidates.find((candidate) => fs.existsSync(candidate));
}

function attempt(command) {
  try {
    execSync(command, { stdio: "inherit", timeout: 10 * 60 * 1000 });
    return true;
  } catch {
    return false;
  }
}

export function findChromium() {
  if (process.env.CHROMIUM_PATH && fs.existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const found = system(HEADLESS_SHELL) ?? playwrightOwn() ?? system(FULL);
  if (found) return found;
  console.log("No Chromium found: trying `npx playwright install chromium`…");
  if (attempt("npx playwright install chromium")) {
    const installed = playwrightOwn();
    if (installed) return installed;
  }
  if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Trying `apt-get install -y chromium-headless-shell`…");
    if (attempt("apt-get update -qq && apt-get install -y -qq chromium-headless-shell")) {
      const installed = system(HEADLESS_SHELL);
      if (installed) return installed;
    }
  }
  return undefined;
}
