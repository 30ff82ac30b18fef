// Passkeys (issue 21): registration and sign-in through @simplewebauthn/server's
// verification, answered by a software authenticator (tests/support), against
// the built server and its real database.
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDb } from "../support/inspect";
import { fromIp } from "../support/logins";
import { SoftwareAuthenticator, type CeremonyOverrides } from "../support/passkey-authenticator";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const ACCOUNT = "/photography/admin/account";

interface Call {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

let server: TestServer;
let admin: { token: string; cookie: string };
let nextIp = 1;
/** Each test signs in from an IP of its own (TRUST_PROXY=1), so one test's failures never throttle another's. */
const freshIp = () => `203.0.113.${nextIp++}`;

async function post(urlPath: string, body: unknown, cookie: string | null, ip: string): Promise<Call> {
  const response = await fetch(`${server.url}${urlPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}), ...fromIp(ip) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

/** Registration options for the signed-in admin, and the handle their answer goes back with. */
async function registrationOptions(ip = freshIp()) {
  const answer = await post("/api/auth/passkey/register/options", {}, admin.cookie, ip);
  expect(answer.status).toBe(200);
  return answer.body as { options: Options; challengeId: string };
}

async function register(authenticator: SoftwareAuthenticator, name: string, overrides: CeremonyOverrides = {}) {
  const ip = freshIp();
  const { options, challengeId } = await registrationOptions(ip);
  const response = authenticator.register(options, overrides);
  return post("/api/auth/passkey/register/verify", { challengeId, name, response }, admin.cookie, ip);
}

async function signInOptions(ip: string) {
  const answer = await post("/api/auth/passkey/sign-in/options", {}, null, ip);
  expect(answer.status).toBe(200);
  return answer.body as { options: Options; challengeId: string };
}

async function signIn(authenticator: SoftwareAuthenticator, overrides: CeremonyOverrides = {}, ip = freshIp()) {
  const { options, challengeId } = await signInOptions(ip);
  const response = authenticator.authenticate(options, overrides);
  return post("/api/auth/passkey/sign-in/verify", { challengeId, response }, null, ip);
}

async function isValid(token: string): Promise<boolean> {
  const response = await fetch(`${server.url}/api/auth/validate`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { valid: boolean }).valid;
}

function storedPasskey(id: string) {
  return queryDb<{ name: string; counter: number; transports: string; last_used_at: number | null }>(
    server.dataDir,
    "SELECT name, counter, transports, last_used_at FROM passkeys WHERE id = ?",
    id,
  )[0];
}

async function registered(name: string): Promise<SoftwareAuthenticator> {
  const authenticator = new SoftwareAuthenticator(server.url);
  const answer = await register(authenticator, name);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return authenticator;
}

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  admin = await loginAdmin(server.url);
});

afterAll(async () => {
  await server?.stop();
});

describe("registration", () => {
  it("verifies the authenticator's answer and stores the passkey under its name, listed on the account page", async () => {
    const authenticator = new SoftwareAuthenticator(server.url);
    const answer = await register(authenticator, "  MacBook ");
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.passkey).toMatchObject({ id: authenticator.id, name: "MacBook", lastUsedAt: null });
    expect(storedPasskey(authenticator.id)).toMatchObject({ name: "MacBook", counter: 0, transports: '["internal"]' });

    const page = await fetch(`${server.url}${ACCOUNT}`, { headers: { Cookie: admin.cookie } });
    const html = await page.text();
    expect(html).toContain("MacBook");
    expect(html).toContain("Adding a passkey needs JavaScript.");
  });

  it("asks the owner's authenticator for a discoverable, user-verified credential for this host", async () => {
    const { options } = await registrationOptions();
    expect(options).toMatchObject({
      rp: { id: "127.0.0.1" },
      user: { name: "admin" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    });
  });

  it("is for the signed-in admin only", async () => {
    const options = await post("/api/auth/passkey/register/options", {}, null, freshIp());
    expect(options.status).toBe(401);
    const verify = await post("/api/auth/passkey/register/verify", { name: "x", response: {} }, null, freshIp());
    expect(verify.status).toBe(401);
  });

  it("refuses an answer without user verification, for another origin or RP, or to a used challenge", async () => {
    for (const overrides of [{ unverified: true }, { origin: "http://evil.example" }, { rpID: "evil.example" }]) {
      const authenticator = new SoftwareAuthenticator(server.url);
      const answer = await register(authenticator, "Phone", overrides);
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(storedPasskey(authenticator.id)).toBeUndefined();
    }

    const ip = freshIp();
    const { options, challengeId } = await registrationOptions(ip);
    const response = new SoftwareAuthenticator(server.url).register(options);
    const first = await post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "Phone", response },
      admin.cookie,
      ip,
    );
    expect(first.status).toBe(201);
    const again = await post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "Phone", response },
      admin.cookie,
      ip,
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("The passkey request has expired. Try again.");
  });

  it("binds the challenge to the session that asked for it", async () => {
    const other = await loginAdmin(server.url);
    const ip = freshIp();
    const { options, challengeId } = await registrationOptions(ip);
    const response = new SoftwareAuthenticator(server.url).register(options);
    const answer = await post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "Tablet", response },
      other.cookie,
      ip,
    );
    expect(answer.status).toBe(400);
  });

  it("names the field at fault in a malformed answer", async () => {
    const { challengeId } = await registrationOptions();
    const answer = await post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "", response: {} },
      admin.cookie,
      freshIp(),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("name must not be empty");
  });
});

describe("sign-in", () => {
  it("opens a session (cookie and client token) and records the passkey's use and counter", async () => {
    const authenticator = await registered("Laptop");
    const sessionsBefore = queryDb<{ n: number }>(server.dataDir, "SELECT count(*) AS n FROM sessions")[0]!.n;

    const answer = await signIn(authenticator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.redirectTo).toBe("/photography/admin");
    const token = answer.body.token as string;
    expect(await isValid(token)).toBe(true);
    const cookie = answer.headers
      .getSetCookie()
      .find((line) => line.startsWith("__session="))!
      .split(";")[0]!;
    const dashboard = await fetch(`${server.url}/photography/admin`, { headers: { Cookie: cookie } });
    expect(await dashboard.text()).toContain("Admin Dashboard");
    expect(queryDb<{ n: number }>(server.dataDir, "SELECT count(*) AS n FROM sessions")[0]!.n).toBe(sessionsBefore + 1);
    expect(storedPasskey(authenticator.id)).toMatchObject({ counter: 1 });
    expect(storedPasskey(authenticator.id)!.last_used_at).not.toBeNull();
  });

  it("sends the browser back where the login page was asked to, never off the site", async () => {
    const authenticator = await registered("Redirects");
    for (const [asked, expected] of [
      ["/photography/admin/account", "/photography/admin/account"],
      ["//evil.example/", "/photography/admin"],
    ]) {
      const ip = freshIp();
      const { options, challengeId } = await signInOptions(ip);
      const response = authenticator.authenticate(options);
      const answer = await post(
        "/api/auth/passkey/sign-in/verify",
        { challengeId, response, redirectTo: asked },
        null,
        ip,
      );
      expect(answer.body.redirectTo).toBe(expected);
    }
  });

  it("refuses a replayed answer: the challenge works once", async () => {
    const authenticator = await registered("Replay");
    const ip = freshIp();
    const { options, challengeId } = await signInOptions(ip);
    const response = authenticator.authenticate(options);
    expect((await post("/api/auth/passkey/sign-in/verify", { challengeId, response }, null, ip)).status).toBe(200);
    const replay = await post("/api/auth/passkey/sign-in/verify", { challengeId, response }, null, ip);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe("The passkey request has expired. Try again.");
  });

  it("refuses an expired challenge", async () => {
    const authenticator = await registered("Expired");
    const ip = freshIp();
    const { options, challengeId } = await signInOptions(ip);
    // Five minutes on, as the database sees it.
    const sqlite = new Database(path.join(server.dataDir, "portfolio.sqlite"));
    sqlite
      .prepare("UPDATE passkey_challenges SET expires_at = ? WHERE challenge = ?")
      .run(Date.now() - 1, options.challenge);
    sqlite.close();
    const answer = await post(
      "/api/auth/passkey/sign-in/verify",
      { challengeId, response: authenticator.authenticate(options) },
      null,
      ip,
    );
    expect(answer.status).toBe(400);
  });

  it("refuses a foreign challenge: one given to another page, one for registration, or none", async () => {
    const authenticator = await registered("Foreign");
    const ip = freshIp();
    const mine = await signInOptions(ip);
    const theirs = await signInOptions(ip);
    const signedForTheirs = authenticator.authenticate(theirs.options);
    const crossed = await post(
      "/api/auth/passkey/sign-in/verify",
      { challengeId: mine.challengeId, response: signedForTheirs },
      null,
      ip,
    );
    expect(crossed.status).toBe(401);

    const registration = await registrationOptions(ip);
    const forRegistration = authenticator.authenticate({
      challenge: registration.options.challenge,
      rpId: "127.0.0.1",
    });
    const wrongPurpose = await post(
      "/api/auth/passkey/sign-in/verify",
      { challengeId: registration.challengeId, response: forRegistration },
      null,
      ip,
    );
    expect(wrongPurpose.status).toBe(400);

    const none = await post("/api/auth/passkey/sign-in/verify", { response: signedForTheirs }, null, ip);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("challengeId must be the challengeId the options came with");
  });

  it("refuses a counter that goes backwards (a cloned authenticator)", async () => {
    const authenticator = await registered("Counter");
    expect((await signIn(authenticator, { counter: 5 })).status).toBe(200);
    const backwards = await signIn(authenticator, { counter: 3 });
    expect(backwards.status).toBe(401);
    expect(backwards.body.message).toBe("That passkey could not be verified.");
    expect(storedPasskey(authenticator.id)).toMatchObject({ counter: 5 });
  });

  it("refuses an answer for another origin or RP, or without user verification", async () => {
    const authenticator = await registered("Checks");
    for (const overrides of [{ origin: "https://evil.example" }, { rpID: "evil.example" }, { unverified: true }]) {
      const answer = await signIn(authenticator, overrides);
      expect(answer.status, JSON.stringify(overrides)).toBe(401);
      expect(answer.body.token).toBeUndefined();
    }
  });

  it("refuses a passkey that is not registered, or was removed on the account page", async () => {
    expect((await signIn(new SoftwareAuthenticator(server.url))).status).toBe(401);

    const authenticator = await registered("Removed");
    const removed = await fetch(`${server.url}${ACCOUNT}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
      body: new URLSearchParams({ intent: "remove-passkey", passkey: authenticator.id }).toString(),
    });
    expect(await removed.text()).toContain("Removed the passkey “Removed”.");
    expect(storedPasskey(authenticator.id)).toBeUndefined();
    expect((await signIn(authenticator)).status).toBe(401);
  });

  it("is throttled with the password logins: after five failures from an IP even a good passkey waits", async () => {
    const authenticator = await registered("Throttled");
    const ip = freshIp();
    for (let failure = 0; failure < 5; failure++) {
      expect((await signIn(authenticator, { origin: "https://evil.example" }, ip)).status).toBe(401);
    }
    const blocked = await signIn(authenticator, {}, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // A password from the same IP waits too: one throttle for both.
    const password = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...fromIp(ip) },
      body: JSON.stringify({ username: "nobody", password: "whatever-password" }),
    });
    expect(password.status).toBe(429);
  });
});

describe("the account page's plain forms", () => {
  it("renames a passkey", async () => {
    const authenticator = await registered("Old name");
    const response = await fetch(`${server.url}${ACCOUNT}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
      body: new URLSearchParams({ intent: "rename-passkey", passkey: authenticator.id, name: "Phone" }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Renamed the passkey to “Phone”.");
    expect(storedPasskey(authenticator.id)).toMatchObject({ name: "Phone" });
  });
});

describe("with PUBLIC_URL", () => {
  let publicServer: TestServer;

  beforeAll(async () => {
    publicServer = await startServer({ env: { PUBLIC_URL: "https://photos.example.com" } });
  });

  afterAll(async () => {
    await publicServer?.stop();
  });

  it("the relying party is its host, and only its origin is accepted", async () => {
    const owner = await loginAdmin(publicServer.url);
    const call = async (urlPath: string, body: unknown = {}) => {
      const response = await fetch(`${publicServer.url}${urlPath}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: owner.cookie },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { options: Options; challengeId: string } };
    };
    const asked = await call("/api/auth/passkey/register/options");
    expect(asked.body.options.rp.id).toBe("photos.example.com");
    const fromRequestOrigin = new SoftwareAuthenticator(publicServer.url).register(asked.body.options);
    const refused = await call("/api/auth/passkey/register/verify", {
      challengeId: asked.body.challengeId,
      name: "Phone",
      response: fromRequestOrigin,
    });
    expect(refused.status).toBe(400);

    // The refused answer used up its challenge: a fresh one, answered from the public origin.
    const again = await call("/api/auth/passkey/register/options");
    const fromPublicOrigin = new SoftwareAuthenticator("https://photos.example.com").register(again.body.options);
    const accepted = await call("/api/auth/passkey/register/verify", {
      challengeId: again.body.challengeId,
      name: "Phone",
      response: fromPublicOrigin,
    });
    expect(accepted.status).toBe(201);
  });
});
