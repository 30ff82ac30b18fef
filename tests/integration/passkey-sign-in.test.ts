// Passkey sign-in (issue 21) through @simplewebauthn/server's verification,
// answered by a software authenticator (tests/support), against the built
// server and its real database: sessions, single-use challenges, counters,
// origin and RP checks, and the login throttle.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { queryDb } from "../support/inspect";
import { fromIp } from "../support/logins";
import { SoftwareAuthenticator } from "../support/passkey-authenticator";
import { freshIp, passkeySite } from "../support/passkey-calls";

const ACCOUNT = "/photography/admin/account";

const site = passkeySite();

describe("sign-in", () => {
  it("opens a session (cookie and client token) and records the passkey's use and counter", async () => {
    const authenticator = await site.calls.registered("Laptop");
    const sessionsBefore = queryDb<{ n: number }>(site.server.dataDir, "SELECT count(*) AS n FROM sessions")[0]!.n;

    const answer = await site.calls.signIn(authenticator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.redirectTo).toBe("/photography/admin");
    const token = answer.body.token as string;
    expect(await site.calls.isValid(token)).toBe(true);
    const cookie = answer.headers
      .getSetCookie()
      .find((line) => line.startsWith("__session="))!
      .split(";")[0]!;
    const dashboard = await fetch(`${site.server.url}/photography/admin`, { headers: { Cookie: cookie } });
    expect(await dashboard.text()).toContain("Admin Dashboard");
    expect(queryDb<{ n: number }>(site.server.dataDir, "SELECT count(*) AS n FROM sessions")[0]!.n).toBe(
      sessionsBefore + 1,
    );
    expect(site.calls.storedPasskey(authenticator.id)).toMatchObject({ counter: 1 });
    expect(site.calls.storedPasskey(authenticator.id)!.last_used_at).not.toBeNull();
  });

  it("sends the browser back where the login page was asked to, never off the site", async () => {
    const authenticator = await site.calls.registered("Redirects");
    for (const [asked, expected] of [
      ["/photography/admin/account", "/photography/admin/account"],
      ["//evil.example/", "/photography/admin"],
    ]) {
      const ip = freshIp();
      const { options, challengeId } = await site.calls.signInOptions(ip);
      const response = authenticator.authenticate(options);
      const answer = await site.calls.post(
        "/api/auth/passkey/sign-in/verify",
        { challengeId, response, redirectTo: asked },
        null,
        ip,
      );
      expect(answer.body.redirectTo).toBe(expected);
    }
  });

  it("refuses a replayed answer: the challenge works once", async () => {
    const authenticator = await site.calls.registered("Replay");
    const ip = freshIp();
    const { options, challengeId } = await site.calls.signInOptions(ip);
    const response = authenticator.authenticate(options);
    expect(
      (await site.calls.post("/api/auth/passkey/sign-in/verify", { challengeId, response }, null, ip)).status,
    ).toBe(200);
    const replay = await site.calls.post("/api/auth/passkey/sign-in/verify", { challengeId, response }, null, ip);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe("The passkey request has expired. Try again.");
  });

  it("asking for options writes nothing to the database, and is throttled per IP", async () => {
    const ip = freshIp();
    const wal = path.join(site.server.dataDir, "portfolio.sqlite-wal");
    const before = fs.statSync(wal);
    for (let ask = 0; ask < 30; ask++) await site.calls.signInOptions(ip);
    const after = fs.statSync(wal);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    const refused = await site.calls.post("/api/auth/passkey/sign-in/options", {}, null, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another address is not held back.
    await site.calls.signInOptions(freshIp());
  });

  it("refuses a foreign challenge: one given to another page, one for registration, or none", async () => {
    const authenticator = await site.calls.registered("Foreign");
    const ip = freshIp();
    const mine = await site.calls.signInOptions(ip);
    const theirs = await site.calls.signInOptions(ip);
    const signedForTheirs = authenticator.authenticate(theirs.options);
    const crossed = await site.calls.post(
      "/api/auth/passkey/sign-in/verify",
      { challengeId: mine.challengeId, response: signedForTheirs },
      null,
      ip,
    );
    expect(crossed.status).toBe(401);

    const registration = await site.calls.registrationOptions(ip);
    const forRegistration = authenticator.authenticate({
      challenge: registration.options.challenge,
      rpId: "127.0.0.1",
    });
    const wrongPurpose = await site.calls.post(
      "/api/auth/passkey/sign-in/verify",
      { challengeId: registration.challengeId, response: forRegistration },
      null,
      ip,
    );
    expect(wrongPurpose.status).toBe(400);

    const none = await site.calls.post("/api/auth/passkey/sign-in/verify", { response: signedForTheirs }, null, ip);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("challengeId must be the challengeId the options came with");
  });

  it("refuses a counter that goes backwards (a cloned authenticator)", async () => {
    const authenticator = await site.calls.registered("Counter");
    expect((await site.calls.signIn(authenticator, { counter: 5 })).status).toBe(200);
    const backwards = await site.calls.signIn(authenticator, { counter: 3 });
    expect(backwards.status).toBe(401);
    expect(backwards.body.message).toBe("That passkey could not be verified.");
    expect(site.calls.storedPasskey(authenticator.id)).toMatchObject({ counter: 5 });
  });

  it("refuses an answer for another origin or RP, or without user verification", async () => {
    const authenticator = await site.calls.registered("Checks");
    for (const overrides of [{ origin: "https://evil.example" }, { rpID: "evil.example" }, { unverified: true }]) {
      const answer = await site.calls.signIn(authenticator, overrides);
      expect(answer.status, JSON.stringify(overrides)).toBe(401);
      expect(answer.body.token).toBeUndefined();
    }
  });

  it("refuses a passkey that is not registered, or was removed on the account page", async () => {
    expect((await site.calls.signIn(new SoftwareAuthenticator(site.server.url))).status).toBe(401);

    const authenticator = await site.calls.registered("Removed");
    const removed = await fetch(`${site.server.url}${ACCOUNT}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: site.admin.cookie },
      body: new URLSearchParams({ intent: "remove-passkey", passkey: authenticator.id }).toString(),
    });
    expect(await removed.text()).toContain("Removed the passkey “Removed”.");
    expect(site.calls.storedPasskey(authenticator.id)).toBeUndefined();
    expect((await site.calls.signIn(authenticator)).status).toBe(401);
  });

  it("is throttled with the password logins: after five failures from an IP even a good passkey waits", async () => {
    const authenticator = await site.calls.registered("Throttled");
    const ip = freshIp();
    const early = await site.calls.signInOptions(ip);
    for (let failure = 0; failure < 5; failure++) {
      expect((await site.calls.signIn(authenticator, { origin: "https://evil.example" }, ip)).status).toBe(401);
    }
    const blocked = await site.calls.post(
      "/api/auth/passkey/sign-in/verify",
      { challengeId: early.challengeId, response: authenticator.authenticate(early.options) },
      null,
      ip,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Nor are options given to that IP meanwhile.
    expect((await site.calls.post("/api/auth/passkey/sign-in/options", {}, null, ip)).status).toBe(429);
    // A password from the same IP waits too: one throttle for both.
    const password = await fetch(`${site.server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...fromIp(ip) },
      body: JSON.stringify({ username: "nobody", password: "whatever-password" }),
    });
    expect(password.status).toBe(429);
  });
});
