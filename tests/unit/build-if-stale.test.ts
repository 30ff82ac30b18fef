// The staleness check behind `npm start` and the test runners' global setup:
// a project in a temp folder, with file times set explicitly (no clock), and
// stand-ins for the three build steps (React Router's, the compression of its
// assets, then Vite's for the operator scripts) that record each run and write
// their part of the build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIfStale, OUTPUT, staleness } from "../../scripts/build-if-stale.mjs";

const BUILT_AT = new Date("2026-11-25T12:00:00Z");
const EARLIER = new Date("2026-11-25T11:00:00Z");
const LATER = new Date("2026-11-25T13:00:00Z");

let root: string;

function write(relative: string, time: Date, text = "x"): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.utimesSync(file, time, time);
}

/** Sets every folder of the project to `time`, as if their entries had not changed since. */
function settleFolders(time: Date): void {
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(path.join(dir, entry.name));
    }
    fs.utimesSync(dir, time, time);
  };
  visit(root);
}

const builderRuns = () => {
  const log = path.join(root, "builder-runs.log");
  return fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n").length : 0;
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "build-if-stale-"));
  write("app/routes/home.tsx", EARLIER);
  write("app/server/photos/images.server.ts", EARLIER);
  write("public/favicon.ico", EARLIER);
  write("scripts/backup.ts", EARLIER);
  write("package.json", EARLIER, "{}");
  write("tests/unit/some.test.ts", EARLIER);
  // Stands in for `react-router build`: logs the run, empties build/ as it does, then writes the server.
  write(
    "node_modules/@react-router/dev/bin.js",
    EARLIER,
    `const fs = require("node:fs");
fs.appendFileSync("builder-runs.log", "react-router " + process.argv.slice(2).join(" ") + "\\n");
fs.rmSync("build", { recursive: true, force: true });
fs.mkdirSync("build/server", { recursive: true });
fs.writeFileSync("build/server/index.js", "built");`,
  );
  // Stands in for the compression of the client's assets: logs the run.
  write(
    "scripts/precompress-assets.mjs",
    EARLIER,
    `import fs from "node:fs";
fs.appendFileSync("builder-runs.log", "precompress\\n");`,
  );
  // Stands in for the scripts' `vite build`: logs the run, then writes the build's last file.
  write(
    "node_modules/vite/bin/vite.js",
    EARLIER,
    `const fs = require("node:fs");
fs.appendFileSync("builder-runs.log", "vite " + process.argv.slice(2).join(" ") + "\\n");
fs.mkdirSync(require("node:path").dirname(${JSON.stringify(OUTPUT)}), { recursive: true });
fs.writeFileSync(${JSON.stringify(OUTPUT)}, "built");`,
  );
  write("build/server/index.js", BUILT_AT);
  write(OUTPUT, BUILT_AT);
  settleFolders(EARLIER);
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("staleness", () => {
  it("is null when the build is newer than every source", () => {
    expect(staleness(root)).toBeNull();
  });

  it("is 'missing' without a build", () => {
    fs.rmSync(path.join(root, "build"), { recursive: true });
    expect(staleness(root)).toBe("missing");
  });

  it("is 'stale' once a source file deep in app/ is touched after the build", () => {
    fs.utimesSync(path.join(root, "app/server/photos/images.server.ts"), LATER, LATER);
    expect(staleness(root)).toBe("stale");
  });

  it("is 'missing' when only the app was built (React Router's build empties build/, scripts included)", () => {
    fs.rmSync(path.join(root, OUTPUT));
    expect(staleness(root)).toBe("missing");
  });

  it("is 'stale' once an operator script's source is touched after the build", () => {
    fs.utimesSync(path.join(root, "scripts/backup.ts"), LATER, LATER);
    expect(staleness(root)).toBe("stale");
  });

  it("is 'stale' for a changed static file or package.json", () => {
    fs.utimesSync(path.join(root, "public/favicon.ico"), LATER, LATER);
    expect(staleness(root)).toBe("stale");
    fs.utimesSync(path.join(root, "public/favicon.ico"), EARLIER, EARLIER);
    fs.utimesSync(path.join(root, "package.json"), LATER, LATER);
    expect(staleness(root)).toBe("stale");
  });

  it("is 'stale' when a source file is removed (its folder changed)", () => {
    fs.rmSync(path.join(root, "app/routes/home.tsx"));
    fs.utimesSync(path.join(root, "app/routes"), LATER, LATER);
    expect(staleness(root)).toBe("stale");
  });

  it("ignores files that are not built into the app (tests)", () => {
    fs.utimesSync(path.join(root, "tests/unit/some.test.ts"), LATER, LATER);
    expect(staleness(root)).toBeNull();
  });
});

describe("buildIfStale", () => {
  it("leaves a current build alone, and builds once a source is touched", () => {
    buildIfStale(root);
    expect(builderRuns()).toBe(0);

    // The build the builder writes is stamped now, later than LATER's fixed past time.
    fs.utimesSync(path.join(root, "app/routes/home.tsx"), LATER, LATER);
    buildIfStale(root);
    expect(fs.readFileSync(path.join(root, "builder-runs.log"), "utf8")).toBe(
      "react-router build\nprecompress\nvite build --config vite.scripts.config.ts\n",
    );
    expect(staleness(root)).toBeNull();

    buildIfStale(root);
    expect(builderRuns()).toBe(3);
  });

  it("builds when there is no build yet", () => {
    fs.rmSync(path.join(root, "build"), { recursive: true });
    buildIfStale(root);
    expect(builderRuns()).toBe(3);
    expect(staleness(root)).toBeNull();
  });
});
