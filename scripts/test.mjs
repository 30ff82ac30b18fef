// `npm test`: typecheck, lint (ESLint, zero warnings), format check (Prettier),
// build if stale, unit and integration tests (Vitest),
// then end-to-end tests (Playwright, JavaScript on and off).
// Without a Chromium everything else still runs and the end-to-end step is
// reported as skipped: that fails on CI (which installs one), and only warns
// on a developer's machine.
import { spawnSync } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";
import { findChromium } from "./chromium.mjs";

const INSTALL_HINT = "install one (Debian: `apt-get install -y chromium`) or set CHROMIUM_PATH";
const onCi = !["", "0", "false"].includes(process.env.CI ?? "");
const chromium = findChromium();

const steps = [
  ["typecheck", "node_modules/.bin/react-router", ["typegen"]],
  ["typecheck", "node_modules/.bin/tsc", []],
  ["lint", "node_modules/.bin/eslint", [".", "--max-warnings", "0"]],
  ["format", "node_modules/.bin/prettier", ["--check", "."]],
  ["build", null, null],
  ["unit", "node_modules/.bin/vitest", ["run", "--project", "unit"]],
  ["integration", "node_modules/.bin/vitest", ["run", "--project", "integration"]],
  ["end-to-end", "node_modules/.bin/playwright", ["test"]],
];

let passed = 0;
let failed = 0;
const skipped = [];
for (const [name, command, args] of steps) {
  if (!command) {
    buildIfStale();
    continue;
  }
  if (name === "end-to-end" && !chromium) {
    skipped.push(`skipped: end-to-end (no Chromium: ${INSTALL_HINT})`);
    continue;
  }
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...(chromium && { CHROMIUM_PATH: chromium }) },
  });
  if (result.status === 0) passed++;
  else {
    failed++;
    console.error(`=== ${name} failed`);
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
for (const line of skipped) console.error(line);
if (skipped.length && onCi) console.error(`CI=${process.env.CI}: a skipped step fails the run.`);
else if (skipped.length) console.error("warning: not everything was tested (exit 0 outside CI).");
process.exit(failed || (skipped.length && onCi) ? 1 : 0);
