import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // The tests start the built server: build it first when any source is newer, then prepare the template
          // every test server starts from (tests/support/template.ts).
          globalSetup: ["tests/support/build-first.ts", "tests/support/template-setup.ts"],
          // Limits that stop a hang, not measures: `npm test` runs the end-to-end tests beside these (record 061).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own server; two at a time for the two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
