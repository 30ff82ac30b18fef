import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { fromIp, pipelinedLogins, postLogin } from "../support/logins";
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer, type TestServer } from "../support/server";

// These tests need each check to take real work: cost 10, a quarter of production's 12, is still 20 to 80 ms a check
// against a health check's one. At 12 this file was the integration step's longest (32 s, 18 CPU s; now 6 s).
const REAL_WORK = { TEST_BCRYPT_COST: "10", TRUST_PROXY: "1" };

/** One server for the file, started again only if the shutdown test already stopped it. */
let started: Promise<TestServer> | undefined;
async function running(): Promise<TestServer> {
  const server = await started;
  if (server && server.process.exitCode === null) return server;
  started = startServer({ env: REAL_WORK });
  return started;
}

afterAll(async () => {
  await (await started)?.stop();
});

describe("password checks run off the main thread, in a bounded queue", () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await running();
  });

  it("the site keeps answering while 20 logins are checked", async () => {
    let pending = 20;
    const logins = Array.from({ length: 20 }, (_, i) =>
      postLogin(server.url, { username: `visitor-${i}`, password: "wrong-password" }, fromIp(`198.18.1.${i}`)).finally(
        () => pending--,
      ),
    );
    // Health checks one after another while logins are being checked, until 20 are answered: with bcrypt on the
    // main thread each one waited behind the hashing (about 5 s each for 20 logins), so the logins ended first.
    // (Checking on until the last login ended proved no more, at thousands of requests' CPU.)
    let answered = 0;
    while (pending > 0 && answered < 20) {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      answered++;
    }
    expect(answered).toBe(20);
    expect((await Promise.all(logins)).map((answer) => answer.status)).toEqual(Array(20).fill(401));
  });

  it("503 with Retry-After once the queue is full, for unknown users and wrong passwords alike", async () => {
    // 78 unknown users at once, far more than the workers and the queue (32) hold, then two wrong passwords for the
    // real user, on one connection so that the server reads them in that order: the two come after the queue filled.
    // (On sockets of their own, they could be read before it filled, or, sent after the first refusal, after a
    // worker had taken a check from it.)
    const answers = await pipelinedLogins(server.url, [
      ...Array.from({ length: 78 }, (_, i) => ({
        credentials: { username: `nobody-${i}`, password: ADMIN_PASSWORD },
        headers: fromIp(`198.18.2.${i}`),
      })),
      ...[1, 2].map((i) => ({
        credentials: { username: ADMIN_USERNAME, password: `wrong-${i}` },
        headers: fromIp(`198.18.2.${100 + i}`),
      })),
    ]);
    const unknown = answers.slice(0, 78);
    const wrongPasswords = answers.slice(78);
    expect(new Set(unknown.map((answer) => answer.status))).toEqual(new Set([401, 503]));
    for (const answer of wrongPasswords) {
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("2");
      expect(JSON.parse(answer.body)).toEqual({
        message: "The server is busy checking other logins. Try again in a moment.",
      });
    }
    // A refused check did not count against the user name: the owner gets in once the queue drains.
    await expect
      .poll(
        async () =>
          (await postLogin(server.url, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, fromIp("198.18.3.1")))
            .status,
        {
          timeout: 45_000,
          interval: 500,
        },
      )
      .toBe(200);
  });
});

describe("shutting down", () => {
  it("SIGTERM lets the logins in flight finish, stops the workers and exits 0", async () => {
    const server = await running();
    const logins = Array.from({ length: 3 }, (_, i) =>
      postLogin(server.url, { username: `late-${i}`, password: "wrong-password" }, fromIp(`198.18.4.${i}`)),
    );
    // Once one is answered, the others are surely inside the server, waiting for the hash.
    await Promise.race(logins);
    const exitCode = server.stop();
    expect((await Promise.all(logins)).map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(await exitCode).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing requests in flight");
    expect(server.output()).not.toMatch(/error/i);
  });
});
