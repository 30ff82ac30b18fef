// `npm test`: typecheck, build if stale, unit and integration tests (Vitest),
// then end-to-end tests (Playwright, JavaScript on and off).
import { spawnSync } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";
import { findChromium } from "./chromium.mjs";

const chromium = findChromium();
if (!chromium) {
  console.error("No Chromium available: install one (Debian: `apt-get install -y chromium`) or set CHROMIUM_PATH.");
  process.exit(1);
}

const steps = [
  ["typecheck", "node_modules/.bin/react-router", ["typegen"]],
  ["typecheck", "node_modules/.bin/tsc", []],
  ["build", null, null],
  ["unit", "node_modules/.bin/vitest", ["run", "--project", "unit"]],
  ["integration", "node_modules/.bin/vitest", ["run", "--project", "integration"]],
  ["end-to-end", "node_modules/.bin/playwright", ["test"]],
];

let passed = 0;
let failed = 0;
for (const [name, command, args] of steps) {
  if (!command) {
    buildIfStale();
    continue;
  }
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromium } });
  if (result.status === 0) passed++;
  else {
    failed++;
    console.error(`=== ${name} failed`);
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
