import { defineConfig } from "@playwright/test";

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Each worker starts the built server: build it first when any source is newer, then prepare the template every
  // test server starts from (tests/support/template.ts).
  globalSetup: ["./tests/support/build-first.ts", "./tests/support/template-setup.ts"],
  // A stray `test.only` must not pass CI by running one test.
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  // Each worker runs its own server beside its browser: run alone, two for the two cores; `npm test` runs one, beside
  // the integration step (record 099).
  workers: 2,
  retries: 0,
  // Limits that stop a hang, not measures: `npm test` runs the typecheck, lint and format beside these, so a test
  // or a wait may take twice as long as it does alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // One project: each test runs with JavaScript on and off unless it is tagged for one mode, both runs in the same
  // worker on the file's own server, started from the template (tests/e2e/fixtures.ts), so no file sees what another
  // made (docs/testing.md). `--grep @no-js` picks the runs without JavaScript, `--grep-invert @no-js` those with it.
  use: {
    browserName: "chromium",
    // No trace by default: recording one for every test (DOM snapshots at each action) cost about a sixth of the
    // step's CPU, and CI keeps no files. Re-run a failing test with `--trace on` to step through it (docs/testing.md).
    trace: "off",
    launchOptions: {
      // scripts/test.mjs finds a Chromium and passes it here; Debian's is the fallback.
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: CHROMIUM_FLAGS,
    },
  },
});
