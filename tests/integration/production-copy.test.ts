// The container's start command, without a container: copy what the
// Dockerfile's runtime stage copies, with only the production dependencies,
// run `npm start` there, and stop it with SIGTERM.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/server";
import { freePort } from "../support/ports";
import { processFile, runningProcesses } from "../support/processes";

/** The runtime stage's COPY lines (node_modules aside), read from the Dockerfile so the two cannot drift apart. */
function runtimeCopies(): string[] {
  const dockerfile = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  return [...runtime.matchAll(/^COPY --from=build (.+) (\S+)$/gm)]
    .flatMap((m) => m[1]!.split(/\s+/))
    .map((source) => path.relative("/app", source))
    .filter((entry) => entry !== "node_modules");
}

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-production-"));
const app = path.join(base, "app");
// The test runners' lower encoding effort (record 085) is refused by a production start, as it should be.
const {
  ADMIN_PASSWORD: _generatedInstead,
  NODE_ENV: _setByStart,
  TEST_IMAGE_EFFORT: _testsOnly,
  ...inherited
} = process.env;
const productionEnv = { ...inherited, DATA_DIR: path.join(base, "data"), UPLOADS_DIR: path.join(base, "uploads") };

beforeAll(() => {
  expect(fs.existsSync(path.join(ROOT, "build/server/index.js")), "run `npm run build` first").toBe(true);
  fs.mkdirSync(app);
  const copies = runtimeCopies();
  expect(copies).toEqual(
    expect.arrayContaining(["package.json", "server.js", "build", "drizzle", "scripts/start.mjs"]),
  );
  // Each where the image has it (the sample cards' media deep under app/).
  for (const entry of copies) {
    fs.mkdirSync(path.dirname(path.join(app, entry)), { recursive: true });
    execFileSync("cp", ["-a", path.join(ROOT, entry), path.join(app, entry)]);
  }
  // The build stage's `npm prune --omit=dev`, on a hard-linked copy of the
  // installed tree (fast, no download). The hidden lockfile is removed first:
  // npm rewrites it in place, which would write through the link.
  fs.copyFileSync(path.join(ROOT, "package-lock.json"), path.join(app, "package-lock.json"));
  execFileSync("cp", ["-al", fs.realpathSync(path.join(ROOT, "node_modules")), path.join(app, "node_modules")]);
  fs.rmSync(path.join(app, "node_modules/.package-lock.json"), { force: true });
  execFileSync("npm", ["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: app,
    stdio: "ignore",
  });
  fs.rmSync(path.join(app, "package-lock.json"));
}, 120_000);

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

// The Dockerfile's CMD makes the first start (the admin, its password) and the later starts reuse that data: in order.
describe("production copy", { shuffle: false }, () => {
  it("has no development dependencies", () => {
    for (const devOnly of ["vite", "vitest", "@react-router/dev", "drizzle-kit", "@playwright/test", "tsx", "eslint"]) {
      expect(fs.existsSync(path.join(app, "node_modules", devOnly)), devOnly).toBe(false);
    }
    expect(fs.existsSync(path.join(app, "node_modules/better-sqlite3"))).toBe(true);
  });

  /** Starts `command` in the copy (its own process group) and waits until it listens on a free port. */
  async function launch(
    command: string[],
  ): Promise<{ port: number; child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
    const port = await freePort();
    const child = spawn(command[0]!, command.slice(1), {
      cwd: app,
      env: { ...productionEnv, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const listening = () => output.includes(`Listening on http://localhost:${port}`);
    try {
      await expect
        .poll(() => listening() || child.exitCode !== null, {
          timeout: 30_000,
          message: `${command.join(" ")} listens`,
        })
        .toBe(true);
    } finally {
      if (!listening() && child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    }
    if (!listening()) throw new Error(`${command.join(" ")} exited before listening:\n${output}`);
    return { port, child, output: () => output, exited };
  }

  async function expectServing(port: number): Promise<void> {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toContain("text/html");
    expect(home.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(await home.text()).toContain("<!DOCTYPE html>");
  }

  it("starts with the Dockerfile's CMD, serves /healthz and /, and exits 0 on SIGTERM", async () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
    expect(dockerfile).toMatch(/^\s+MALLOC_ARENA_MAX=2 \\$/m);
    const command = JSON.parse(dockerfile.match(/^CMD (\[.*\])$/m)![1]!) as string[];
    expect(command[0]).toBe("node");
    const server = await launch([process.execPath, ...command.slice(1)]);
    try {
      // The first start makes the admin with a generated password, printed once; the shipped build is used as is.
      expect(server.output()).toMatch(/password/i);
      expect(server.output()).not.toMatch(/building/i);
      // Their media are the one part of app/ the image holds.
      expect(server.output()).toMatch(/Added the \d+ sample projects/);
      await expectServing(server.port);
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing requests in flight");
    // A clean close checkpoints and removes the write-ahead log.
    expect(fs.existsSync(path.join(productionEnv.DATA_DIR, "portfolio.sqlite-wal"))).toBe(false);
  }, 60_000);

  /** The environment of each node process in the process group `group` (npm, its shell, the server). */
  function environmentsInGroup(group: number): string[] {
    return runningProcesses()
      .filter((entry) => entry.group === group && entry.command.includes("node"))
      .flatMap(({ pid }) => processFile(pid, "environ") ?? []);
  }

  it("starts with `npm start` and stops when its process group gets SIGTERM", async () => {
    const server = await launch(["npm", "start"]);
    try {
      await expectServing(server.port);
      // Glibc reads it when the process starts: the server's own environment must hold it (record 068).
      expect(environmentsInGroup(server.child.pid!).some((env) => env.includes("MALLOC_ARENA_MAX=2"))).toBe(true);
    } finally {
      // As a terminal or systemd does: npm does not pass SIGTERM on through its shell, the group gets it.
      process.kill(-server.child.pid!, "SIGTERM");
    }
    await server.exited;
    await expect
      .poll(
        () => {
          try {
            process.kill(-server.child.pid!, 0);
            return "running";
          } catch {
            return "gone";
          }
        },
        { timeout: 12_000 },
      )
      .toBe("gone");
    expect(server.output()).toContain("SIGTERM: finishing requests in flight");
    expect(fs.existsSync(path.join(productionEnv.DATA_DIR, "portfolio.sqlite-wal"))).toBe(false);
  }, 60_000);

  it("holds no TypeScript sources", () => {
    const sources = fs
      .readdirSync(app, { recursive: true, encoding: "utf8" })
      .filter((entry) => !entry.startsWith("node_modules") && /\.tsx?$/.test(entry));
    expect(sources).toEqual([]);
  });

  it("runs `npm run backup` from its build with plain node and production dependencies only", () => {
    const backupDir = path.join(base, "backup");
    const backup = execFileSync("npm", ["run", "--silent", "backup", "--", backupDir], {
      cwd: app,
      env: productionEnv,
    }).toString();
    expect(backup).toContain("Backed up 0 photos");
    expect(fs.existsSync(path.join(backupDir, "portfolio.sqlite"))).toBe(true);
  });
});
