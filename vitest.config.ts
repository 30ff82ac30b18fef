import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// The tests start the built server, or call its functions on a copy of the template: build it first when any source is
// newer, then prepare the template every test site starts from (tests/support/template.ts).
const SERVER_SETUP = ["tests/support/build-first.ts", "tests/support/template-setup.ts"];
/** Each file's servers' temporary folders are removed once it ends (tests/support/server.ts). */
const AFTER_FILE = ["tests/support/after-file.ts"];
const SHARED_CORES = {
  // Limits that stop a hang, not measures: `npm test` runs the typecheck, lint and format beside these.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // Each file starts its own server; run alone, two at a time for the two cores (three measured the same: record 095),
  // unless TEST_WORKERS says otherwise: `npm test` sets one, beside the end-to-end step (record 099). A project's own
  // maxWorkers wins over Vitest's --maxWorkers flag.
  maxWorkers: Number(process.env.TEST_WORKERS) || 2,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // A hang guard: `npm test` runs these beside the integration and end-to-end tests once the build is done, and
          // a few (the password pool's real workers) take real work.
          testTimeout: SHARED_CORES.testTimeout,
          // Pure functions: a worker runs file after file in one module graph. Each file's own imports were three
          // quarters of the step's CPU (31 CPU s isolated, 8 shared); the files pass in any order (`--sequence.shuffle`).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: SERVER_SETUP,
          setupFiles: AFTER_FILE,
          ...SHARED_CORES,
          // A file talks to its own server and keeps no state of the app's modules, so a worker runs file after file in
          // one module graph: each file's own setup was most of a short file's time (record 063).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "in-process",
          include: ["tests/in-process/**/*.test.ts"],
          environment: "node",
          globalSetup: SERVER_SETUP,
          setupFiles: AFTER_FILE,
          ...SHARED_CORES,
          // Each file gets its own modules, so the app's one database and configuration are that file's.
          isolate: true,
        },
      },
    ],
  },
});
