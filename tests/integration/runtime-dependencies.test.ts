// `dependencies` is exactly what the running site imports (issue 32): every
// package the built server, the built operator scripts and the start scripts
// import (statically, dynamically, or resolved by name) is a dependency, and
// every dependency is imported by one of them. What only the build or the
// tests read is a development dependency, left out of a production install.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server";

/** Imported by name where development dependencies are installed, never in production. */
const DEVELOPMENT_ONLY: Record<string, string> = {
  // server.js imports it only under `--dev` (`npm run dev`), for the development server.
  vite: "server.js --dev",
};

/** What production runs: the builds (the test runners build first) and the plain scripts around them. */
function runtimeFiles(): string[] {
  const built = (dir: string) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .map((file) => path.join(dir, file));
  return [
    ...built("build/server"),
    ...built("build/scripts"),
    "server.js",
    "scripts/start.mjs",
    "scripts/build-if-stale.mjs",
  ];
}

const IMPORTS = [
  /\bfrom\s*"([^"\s]+)"/g, // import … from "x", export … from "x"
  /\bimport\s*"([^"\s]+)"/g, // import "x"
  /\bimport\(\s*"([^"\s]+)"\s*\)/g, // import("x")
  /\brequire\(\s*"([^"\s]+)"\s*\)/g, // require("x")
  /(?:\brequire|createRequire\([^)]*\))\.resolve\(\s*"([^"\s]+)"\s*\)/g, // a package's file found by name
];

function packageOf(specifier: string): string | undefined {
  // `${…}`: a bundled package's code that writes import statements into a template, not an import of its own.
  if (/^(\.|\/|node:|data:|file:|https?:|\$\{)/.test(specifier)) return undefined;
  const name = specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
  return builtinModules.includes(name) ? undefined : name;
}

/** Each package imported, with the files that import it. */
function importedPackages(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of runtimeFiles()) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const pattern of IMPORTS) {
      for (const [, specifier] of text.matchAll(pattern)) {
        const name = packageOf(specifier!);
        if (name && !found.get(name)?.includes(file)) found.set(name, [...(found.get(name) ?? []), file]);
      }
    }
  }
  return found;
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<
  "dependencies" | "optionalDependencies" | "devDependencies",
  Record<string, string>
>;
const runtime = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.optionalDependencies)]);

describe("package.json's dependencies", () => {
  const imported = importedPackages();

  it("hold every package the built server and scripts import", () => {
    // A sanity check of the reading itself: the native database package is found.
    expect(imported.get("better-sqlite3")).toBeDefined();
    const missing = [...imported]
      .filter(([name]) => !runtime.has(name) && !(name in DEVELOPMENT_ONLY))
      .map(([name, files]) => `${name} (${files.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("hold nothing the built server and scripts do not import", () => {
    const unused = [...runtime].filter((name) => !imported.has(name));
    expect(unused).toEqual([]);
  });

  it("leave the development-only imports to devDependencies", () => {
    for (const name of Object.keys(DEVELOPMENT_ONLY)) expect(manifest.devDependencies).toHaveProperty(name);
  });
});
