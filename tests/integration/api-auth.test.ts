import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { imageRowCount, queryDb, storageKeyOf, storedFolders } from "../support/inspect";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, startServer, type TestServer } from "../support/server";

const WRONG = "Invalid username or password.";

let server: TestServer;
/** The session most tests share. */
let main: { token: string; cookie: string };
let seed = 300;

function login(
  target: TestServer,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${target.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ username, password }),
  });
}

async function validate(headers: Record<string, string>): Promise<boolean> {
  const response = await fetch(`${server.url}/api/auth/validate`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const body = (await response.json()) as { valid: boolean };
  expect(Object.keys(body)).toEqual(["valid"]);
  return body.valid;
}

function logout(headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/auth/logout`, { method: "POST", headers });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = await startServer();
  main = await loginAdmin(server.url);
});

afterAll(async () => {
  await server?.stop();
});

describe("POST /api/auth/login", () => {
  it("200 with a new token and a new session cookie that is HttpOnly, SameSite=Lax, Path=/", async () => {
    // A forged X-Forwarded-Proto must not count as HTTPS (TRUST_PROXY=0).
    const response = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD, { "X-Forwarded-Proto": "https" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { token: string };
    expect(Object.keys(body)).toEqual(["token"]);
    // At least 128 random bits, base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // The session cookie; the known-device cookie is tested in login-throttle.test.ts.
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))!;
    const attributes = setCookie.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^__session=.+/);
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    // COOKIE_SECURE=auto over plain HTTP: not Secure.
    expect(attributes).not.toContain("secure");
    expect(setCookie).not.toContain(body.token);

    // A new session: the earlier one stays valid and differs.
    const cookie = setCookie.split(";")[0]!;
    expect(body.token).not.toBe(main.token);
    expect(cookie).not.toBe(main.cookie);
    for (const auth of [bearer(body.token), bearer(main.token), { Cookie: cookie }, { Cookie: main.cookie }]) {
      expect(await validate(auth)).toBe(true);
    }

    // Stored hashed: neither the token nor the cookie value is in the database.
    const rows = queryDb<{ token_hash: string; cookie_hash: string }>(
      server.dataDir,
      "SELECT token_hash, cookie_hash FROM sessions",
    );
    expect(rows).toHaveLength(2);
    const tokenHash = crypto.createHash("sha256").update(body.token).digest("hex");
    expect(rows.map((r) => r.token_hash)).toContain(tokenHash);
    expect(JSON.stringify(rows)).not.toContain(body.token);
    expect(JSON.stringify(rows)).not.toContain(cookie.split("=")[1]!.slice(0, 20));
  });

  it("401 with the same message for a wrong password and an unknown user", async () => {
    // That both cost the same hash work is tested in login-hash-pool.test.ts (both queue for the
    // hash pool) and measured by `npm run bench -- login`.
    for (const [username, password] of [
      [ADMIN_USERNAME, "not-the-password"],
      ["nobody", ADMIN_PASSWORD],
    ] as const) {
      const response = await login(server, username, password);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: WRONG });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it.each([
    ["a password over 72 bytes", { username: ADMIN_USERNAME, password: "p".repeat(73) }, /at most 72 bytes/],
    [
      "72 bytes made of two-byte characters plus one",
      { username: ADMIN_USERNAME, password: "é".repeat(37) },
      /at most 72 bytes/,
    ],
    ["no password", { username: ADMIN_USERNAME }, /required/],
    ["no username", { password: ADMIN_PASSWORD }, /required/],
    ["a non-string password", { username: ADMIN_USERNAME, password: 12345678 }, /required/],
  ])("400 for %s", async (_label, body, message) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it("400 for a body that is not JSON", async () => {
    const response = await fetch(`${server.url}/api/auth/login`, { method: "POST", body: "username=admin" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Send a JSON object with username and password." });
  });

  it("403 for a cross-site login attempt, and no session is opened", async () => {
    const sessions = queryDb(server.dataDir, "SELECT id FROM sessions").length;
    const response = await login(server, ADMIN_USERNAME, ADMIN_PASSWORD, { "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(queryDb(server.dataDir, "SELECT id FROM sessions").length).toBe(sessions);
  });
});

describe("GET /api/auth/validate", () => {
  it("valid for the bearer token or the cookie", async () => {
    expect(await validate(bearer(main.token))).toBe(true);
    expect(await validate({ Authorization: `bearer ${main.token}` })).toBe(true);
    expect(await validate({ Cookie: main.cookie })).toBe(true);
    expect(await validate({ Cookie: `theme=dark; ${main.cookie}` })).toBe(true);
  });

  it("not valid without credentials or with garbage", async () => {
    const tampered = `${main.cookie.slice(0, -3)}${main.cookie.endsWith("abc") ? "xyz" : "abc"}`;
    const refused: Record<string, string>[] = [
      {},
      bearer("garbage"),
      bearer(main.token.slice(0, -1)),
      { Authorization: main.token },
      { Authorization: "Bearer" },
      { Cookie: "__session=garbage" },
      { Cookie: tampered },
      { Cookie: `__session=${Buffer.from(JSON.stringify("forged-id")).toString("base64")}` },
    ];
    for (const headers of refused) {
      expect(await validate(headers), JSON.stringify(headers)).toBe(false);
    }
  });
});

/** A session opened and then logged out by its token, or by its cookie: its credentials are revoked. */
async function revokedSession(by: "token" | "cookie"): Promise<{ token: string; cookie: string }> {
  const session = await loginAdmin(server.url);
  const headers = by === "token" ? bearer(session.token) : { Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" };
  expect((await logout(headers)).status).toBe(204);
  return session;
}

describe("POST /api/auth/logout", () => {
  it("204 by token; the token and the cookie of that session are both revoked", async () => {
    const session = await loginAdmin(server.url);
    const response = await logout(bearer(session.token));
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect(await validate(bearer(session.token))).toBe(false);
    expect(await validate({ Cookie: session.cookie })).toBe(false);
    const tokenHash = crypto.createHash("sha256").update(session.token).digest("hex");
    expect(queryDb(server.dataDir, "SELECT id FROM sessions WHERE token_hash = ?", tokenHash)).toEqual([]);
    // Other sessions stay open.
    expect(await validate(bearer(main.token))).toBe(true);
  });

  it("204 by cookie; the token of that session is revoked too", async () => {
    const session = await revokedSession("cookie");
    expect(await validate({ Cookie: session.cookie })).toBe(false);
    expect(await validate(bearer(session.token))).toBe(false);
  });

  it("a cross-site logout by cookie is refused and the session stays", async () => {
    expect((await logout({ Cookie: main.cookie, "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await logout({ Cookie: main.cookie, Origin: "http://evil.example" })).status).toBe(403);
    expect(await validate({ Cookie: main.cookie })).toBe(true);
    expect(await validate(bearer(main.token))).toBe(true);
  });

  it("204 without a session (nothing to revoke)", async () => {
    expect((await logout({})).status).toBe(204);
    expect((await logout(bearer("garbage"))).status).toBe(204);
  });
});

describe("mutations need the admin, and cookies need the same origin", () => {
  let target: Image;

  async function freshImage(): Promise<Image> {
    const response = await uploadImage(
      server.url,
      main.token,
      { data: await makeJpeg(64, 48, seed++), filename: "x.jpg" },
      { name: "Original name" },
    );
    expect(response.status).toBe(201);
    return (await response.json()) as Image;
  }

  function row(id: number) {
    return queryDb(server.dataDir, "SELECT * FROM images WHERE id = ?", id)[0];
  }

  /** Tries POST, PUT and DELETE with the given headers; each must be refused with `status` and change nothing. */
  async function expectRefused(headers: Record<string, string>, status: number, message: RegExp) {
    const before = {
      rows: imageRowCount(server.dataDir),
      folders: storedFolders(server.uploadsDir),
      row: row(target.id),
    };
    const form = new FormData();
    form.set("name", "intruder");
    form.set(
      "image",
      new Blob([new Uint8Array(await makeJpeg(64, 48, seed++))], { type: "image/jpeg" }),
      "intruder.jpg",
    );
    const answers = [
      await fetch(`${server.url}/api/image`, { method: "POST", headers, body: form }),
      await fetch(`${server.url}/api/image/${target.id}`, {
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ id: target.id, name: "Defaced" }),
      }),
      await fetch(`${server.url}/api/image/${target.id}`, { method: "DELETE", headers }),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(headers)).toBe(status);
      expect(((await answer.json()) as { message: string }).message).toMatch(message);
    }
    expect(imageRowCount(server.dataDir)).toBe(before.rows);
    expect(storedFolders(server.uploadsDir)).toEqual(before.folders);
    expect(row(target.id)).toEqual(before.row);
    expect((await fetch(`${server.url}${target.url}`)).status).toBe(200);
  }

  beforeAll(async () => {
    target = await freshImage();
  });

  it("401 without credentials, with garbage, or with a revoked token or cookie", async () => {
    const revoked = [await revokedSession("token"), await revokedSession("cookie")];
    await expectRefused({}, 401, /logged in/);
    await expectRefused(bearer("garbage"), 401, /logged in/);
    await expectRefused({ Cookie: "__session=garbage" }, 401, /logged in/);
    for (const session of revoked) {
      await expectRefused(bearer(session.token), 401, /logged in/);
      await expectRefused({ Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" }, 401, /logged in/);
    }
  });

  it("403 for a cookie-authenticated request from another site", async () => {
    await expectRefused({ Cookie: main.cookie, "Sec-Fetch-Site": "cross-site" }, 403, /Cross-site/);
    await expectRefused({ Cookie: main.cookie, "Sec-Fetch-Site": "same-site" }, 403, /Cross-site/);
    await expectRefused({ Cookie: main.cookie, Origin: "http://evil.example" }, 403, /Cross-site/);
    await expectRefused({ Cookie: main.cookie, Origin: "null" }, 403, /Cross-site/);
    // The session itself is untouched.
    expect(await validate({ Cookie: main.cookie })).toBe(true);
  });

  it("a same-origin cookie request is allowed", async () => {
    const image = await freshImage();
    const put = await fetch(`${server.url}/api/image/${image.id}`, {
      method: "PUT",
      headers: {
        Cookie: main.cookie,
        Origin: server.url,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ id: image.id, name: "Renamed by cookie" }),
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as Image).name).toBe("Renamed by cookie");
  });

  it("bearer-token requests are allowed from any origin", async () => {
    const crossSite = { ...bearer(main.token), Origin: "http://elsewhere.example", "Sec-Fetch-Site": "cross-site" };
    const form = new FormData();
    form.set("name", "cross-site upload");
    form.set("image", new Blob([new Uint8Array(await makeJpeg(64, 48, seed++))], { type: "image/jpeg" }), "z.jpg");
    const uploaded = await fetch(`${server.url}/api/image`, { method: "POST", headers: crossSite, body: form });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as Image;
    const put = await fetch(`${server.url}/api/image/${image.id}`, {
      method: "PUT",
      headers: { ...crossSite, "Content-Type": "application/json" },
      body: JSON.stringify({ id: image.id, name: "Renamed by token" }),
    });
    expect(put.status).toBe(200);
    expect(row(image.id)).toMatchObject({ name: "Renamed by token" });
    const removed = await fetch(`${server.url}/api/image/${image.id}`, { method: "DELETE", headers: crossSite });
    expect(removed.status).toBe(204);
    expect(storedFolders(server.uploadsDir)).not.toContain(storageKeyOf(image));
  });
});

describe("login throttling", () => {
  it("a forged X-Forwarded-For does not escape the per-IP limit (TRUST_PROXY=0)", async () => {
    // A server of its own: the other tests log in from the same address, which this one gets blocked.
    const own = await startServer();
    try {
      // A new user name and a new forged IP each time.
      const statuses: number[] = [];
      for (let i = 1; i <= 6 && !statuses.includes(429); i++) {
        const response = await login(own, `nobody-${i}`, "wrong-password", { "X-Forwarded-For": `203.0.113.${i}` });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await own.stop();
    }
  });
});

describe("login throttling behind a trusted proxy (TRUST_PROXY=1, COOKIE_SECURE=true)", () => {
  let proxied: TestServer;
  const from = (ip: string) => ({ "X-Forwarded-For": ip });

  beforeAll(async () => {
    proxied = await startServer({ env: { TRUST_PROXY: "1", COOKIE_SECURE: "true" } });
  });

  afterAll(async () => {
    await proxied?.stop();
  });

  /** Polls a few times a second until the block's `Retry-After` has passed, and some seconds more on a busy machine. */
  const untilWaited = (seconds: number) => ({ timeout: (seconds + 10) * 1000, interval: 200 });

  async function expectThrottled(response: Response): Promise<number> {
    expect(response.status).toBe(429);
    expect(response.headers.get("set-cookie")).toBeNull();
    const wait = Number(response.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(await response.json()).toEqual({ message: `Too many failed login attempts. Try again in ${wait} seconds.` });
    return wait;
  }

  it("blocks per IP and per user name, backs off, and lets the owner in afterwards", async () => {
    const ip = from("10.0.0.1");
    for (let i = 0; i < 5; i++) expect((await login(proxied, ADMIN_USERNAME, "wrong-password", ip)).status).toBe(401);
    // Blocked even with the right password.
    const firstWait = await expectThrottled(await login(proxied, ADMIN_USERNAME, ADMIN_PASSWORD, ip));
    // One more failure once the wait is over (refused attempts do not count): the next wait is longer.
    await expect
      .poll(async () => (await login(proxied, ADMIN_USERNAME, "wrong-password", ip)).status, untilWaited(firstWait))
      .toBe(401);
    const secondWait = await expectThrottled(await login(proxied, ADMIN_USERNAME, ADMIN_PASSWORD, ip));
    expect(secondWait).toBeGreaterThan(firstWait);

    // The user name is blocked from another IP, and the IP for another user name.
    await expectThrottled(await login(proxied, ADMIN_USERNAME, ADMIN_PASSWORD, from("10.0.0.2")));
    await expectThrottled(await login(proxied, "someone-else", "wrong-password", ip));
    // Another IP with another user name is not affected (the forwarded IP is trusted here).
    expect((await login(proxied, "someone-else", "wrong-password", from("10.0.0.5"))).status).toBe(401);

    let allowed: Response | undefined;
    await expect
      .poll(
        async () => (allowed = await login(proxied, ADMIN_USERNAME, ADMIN_PASSWORD, ip)).status,
        untilWaited(secondWait),
      )
      .toBe(200);
    // COOKIE_SECURE=true: Secure even over plain HTTP.
    expect(
      allowed!.headers
        .get("set-cookie")!
        .split(";")
        .map((p) => p.trim()),
    ).toContain("Secure");
    // The success cleared the count: the next failure is a plain 401.
    expect((await login(proxied, ADMIN_USERNAME, "wrong-password", ip)).status).toBe(401);
  });
});
