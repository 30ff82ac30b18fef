// TEST_BCRYPT_COST and TEST_IMAGE_EFFORT lower bcrypt's cost and the image encoders' effort for the test suite only:
// the harness uses them, and a production start (npm start, the container's CMD) refuses them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { queryDb } from "../support/inspect";
import { ROOT, startServer } from "../support/server";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-cost-"));
// Without the runners' own lower encoding effort, so each test's start sees only the variables it sets.
const { TEST_IMAGE_EFFORT: _testsOnly, ...inherited } = process.env;

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

/** Runs `node scripts/start.mjs` (what `npm start` and the Dockerfile's CMD run) until it exits. */
async function productionStart(
  env: Record<string, string>,
  cwd = ROOT,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd,
    env: {
      ...inherited,
      PORT: "0",
      DATA_DIR: path.join(base, "data"),
      UPLOADS_DIR: path.join(base, "uploads"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

const REFUSAL = "Cannot start: TEST_BCRYPT_COST is for the test suite only (it weakens password hashes); unset it.\n";

describe("TEST_BCRYPT_COST", () => {
  it("a production start refuses it with one clear line, before building or touching any data", async () => {
    const run = await productionStart({ TEST_BCRYPT_COST: "4" });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(REFUSAL);
    expect(run.stdout).toBe("");
    expect(fs.existsSync(path.join(base, "data"))).toBe(false);
  });

  it("also when it comes from a .env file", async () => {
    const cwd = path.join(base, "with-env");
    fs.mkdirSync(cwd);
    fs.writeFileSync(path.join(cwd, ".env"), "TEST_BCRYPT_COST=4\n");
    const run = await productionStart({}, cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(REFUSAL);
  });

  it("the test harness hashes at cost 4; without the variable the cost is 12", async () => {
    for (const [env, prefix] of [
      [{}, "$2b$04$"],
      [{ TEST_BCRYPT_COST: "" }, "$2b$12$"],
    ] as const) {
      // A first start: the admin's hash is made then, at the cost in force (the template's was made at cost 4).
      const server = await startServer({ env, fresh: true });
      try {
        const [admin] = queryDb<{ password_hash: string }>(server.dataDir, "SELECT password_hash FROM users");
        expect(admin!.password_hash.startsWith(prefix), admin!.password_hash.slice(0, 7)).toBe(true);
      } finally {
        await server.stop();
      }
    }
  });
});

describe("TEST_IMAGE_EFFORT", () => {
  it("a production start refuses it with one clear line", async () => {
    const run = await productionStart({ TEST_IMAGE_EFFORT: "0" });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "Cannot start: TEST_IMAGE_EFFORT is for the test suite only (it makes larger photo files); unset it.\n",
    );
  });
});
