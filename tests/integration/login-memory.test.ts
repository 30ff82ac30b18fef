import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromIp, postLogin, rssBytes } from "../support/logins";
import { sendBigBody } from "../support/requests";
import { ADMIN_PASSWORD, startServer, type TestServer } from "../support/server";

const MB = 1024 * 1024;

let server: TestServer;

beforeAll(async () => {
  // Each attempt from an address of its own, so no per-IP block stops the flood early.
  server = await startServer({ env: { TRUST_PROXY: "1" } });
});

afterAll(async () => {
  await server?.stop();
});

describe("login input is capped before anything keeps it", () => {
  it("400 for a user name over 64 characters; 64 are checked as usual", async () => {
    const long = await postLogin(
      server.url,
      { username: "a".repeat(65), password: ADMIN_PASSWORD },
      fromIp("192.0.2.1"),
    );
    expect(long.status).toBe(400);
    expect(JSON.parse(long.body)).toEqual({ message: "The username may be at most 64 characters long." });
    const longest = await postLogin(
      server.url,
      { username: "a".repeat(64), password: ADMIN_PASSWORD },
      fromIp("192.0.2.1"),
    );
    expect(longest.status).toBe(401);
  });

  it("failed logins with huge user names leave the server's memory (RSS) where it was", async () => {
    const size = 24 * MB;
    const count = 12;
    const attempt = async (i: number) => {
      // Sent whole whatever the server answers meanwhile: the body limit refuses it before the user name is read.
      const { statuses } = await sendBigBody(server.url, {
        method: "POST",
        path: "/api/auth/login",
        headers: { "Content-Type": "application/json", ...fromIp(`198.18.0.${i}`) },
        prefix: `{"username":"${i}`,
        suffix: '","password":"wrong-password"}',
        bytes: size,
        declareLength: i % 2 === 0,
      });
      // Refused (413 by the body limit, 400 by the user name cap), never a server error.
      expect(statuses[0]).toBeGreaterThanOrEqual(400);
      expect(statuses[0]).toBeLessThan(500);
    };
    // Two first, so the heap has grown to what one such request needs.
    await attempt(100);
    await attempt(101);
    const before = rssBytes(server.process.pid!);
    for (let i = 0; i < count; i++) await attempt(i);
    // Kept, the user names alone would add count × 24 MB (288 MB); garbage is collected when the heap needs it.
    await expect
      .poll(() => rssBytes(server.process.pid!) - before, { timeout: 15_000 })
      .toBeLessThan((count * size) / 2);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
