// `npm run admin:reset-2fa` turns two-step codes off for an owner locked out
// of them. It refuses beside a running server (whose database it would change
// under it) and changes nothing; with the server stopped it turns them off,
// and the password alone signs in again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { queryDb } from "../support/inspect";
import { cookieFrom } from "../support/logins";
import { runScript } from "../support/scripts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer, type TestServer } from "../support/server";
import { enrol } from "../support/two-step";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-reset-2fa-"));
const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
const env = { DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir };
const running: TestServer[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
  fs.rmSync(base, { recursive: true, force: true });
});

function login(server: TestServer): Promise<Response> {
  return fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
}

const twoStepState = () => ({
  enabled: queryDb<{ enabled: number }>(dirs.dataDir, "SELECT totp_enabled_at IS NOT NULL AS enabled FROM users")[0]!
    .enabled,
  recoveryCodes: queryDb(dirs.dataDir, "SELECT id FROM recovery_codes").length,
});

it("refuses while the server runs; once it is stopped, turns two-step codes off and says so", async () => {
  const server = await startServer({ dirs });
  running.push(server);
  const first = await login(server);
  await enrol(server.url, cookieFrom(first, "__session")!);
  expect((await login(server)).status).toBe(401);
  expect(twoStepState()).toEqual({ enabled: 1, recoveryCodes: 10 });

  const refused = await runScript("reset-2fa", [], env);
  expect(refused.code).toBe(1);
  expect(refused.stderr.trim()).toBe(
    `The site's data in ${dirs.dataDir} is in use by the server (pid ${server.process.pid}). ` +
      "Stop it first: npm run admin:reset-2fa must run alone.",
  );
  expect(refused.stdout).toBe("");
  expect(twoStepState()).toEqual({ enabled: 1, recoveryCodes: 10 });

  expect(await server.stop()).toBe(0);
  const reset = await runScript("reset-2fa", [], env);
  expect(reset.code, reset.output).toBe(0);
  expect(reset.stdout.trim()).toBe(
    `Turned off two-step codes for "${ADMIN_USERNAME}" and removed the recovery codes. ` +
      "Start the server, sign in with the password, and turn them on again from the account page.",
  );
  expect(twoStepState()).toEqual({ enabled: 0, recoveryCodes: 0 });
  const again = await runScript("reset-2fa", [], env);
  expect(again.code, again.output).toBe(0);
  expect(again.stdout.trim()).toBe(`Two-step codes were already off for "${ADMIN_USERNAME}".`);

  const restarted = await startServer({ dirs });
  running.push(restarted);
  const signedIn = await login(restarted);
  expect(signedIn.status).toBe(200);
  expect(Object.keys((await signedIn.json()) as object)).toEqual(["token"]);
});
