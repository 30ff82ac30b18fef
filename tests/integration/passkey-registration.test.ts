// Passkey registration (issue 21) through @simplewebauthn/server's verification,
// answered by a software authenticator (tests/support), against the built
// server and its real database; and the account page's rename and remove forms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SoftwareAuthenticator } from "../support/passkey-authenticator";
import { freshIp, passkeySite, type Options } from "../support/passkey-calls";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const ACCOUNT = "/photography/admin/account";

const site = passkeySite();

describe("registration", () => {
  it("verifies the authenticator's answer and stores the passkey under its name, listed on the account page", async () => {
    const authenticator = new SoftwareAuthenticator(site.server.url);
    const answer = await site.calls.register(authenticator, "  MacBook ");
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.passkey).toMatchObject({ id: authenticator.id, name: "MacBook", lastUsedAt: null });
    expect(site.calls.storedPasskey(authenticator.id)).toMatchObject({
      name: "MacBook",
      counter: 0,
      transports: '["internal"]',
    });

    const page = await fetch(`${site.server.url}${ACCOUNT}`, { headers: { Cookie: site.admin.cookie } });
    const html = await page.text();
    expect(html).toContain("MacBook");
    expect(html).toContain("Adding a passkey needs JavaScript.");
  });

  it("asks the owner's authenticator for a discoverable, user-verified credential for this host", async () => {
    const { options } = await site.calls.registrationOptions();
    expect(options).toMatchObject({
      rp: { id: "127.0.0.1" },
      user: { name: "admin" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    });
  });

  it("is for the signed-in admin only", async () => {
    const options = await site.calls.post("/api/auth/passkey/register/options", {}, null, freshIp());
    expect(options.status).toBe(401);
    const verify = await site.calls.post(
      "/api/auth/passkey/register/verify",
      { name: "x", response: {} },
      null,
      freshIp(),
    );
    expect(verify.status).toBe(401);
  });

  it("refuses an answer without user verification, for another origin or RP, or to a used challenge", async () => {
    for (const overrides of [{ unverified: true }, { origin: "http://evil.example" }, { rpID: "evil.example" }]) {
      const authenticator = new SoftwareAuthenticator(site.server.url);
      const answer = await site.calls.register(authenticator, "Phone", overrides);
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(site.calls.storedPasskey(authenticator.id)).toBeUndefined();
    }

    const ip = freshIp();
    const { options, challengeId } = await site.calls.registrationOptions(ip);
    const response = new SoftwareAuthenticator(site.server.url).register(options);
    const first = await site.calls.post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "Phone", response },
      site.admin.cookie,
      ip,
    );
    expect(first.status).toBe(201);
    const again = await site.calls.post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "Phone", response },
      site.admin.cookie,
      ip,
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("The passkey request has expired. Try again.");
  });

  it("binds the challenge to the session that asked for it", async () => {
    const other = await loginAdmin(site.server.url);
    const ip = freshIp();
    const { options, challengeId } = await site.calls.registrationOptions(ip);
    const response = new SoftwareAuthenticator(site.server.url).register(options);
    const answer = await site.calls.post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "Tablet", response },
      other.cookie,
      ip,
    );
    expect(answer.status).toBe(400);
  });

  it("names the field at fault in a malformed answer", async () => {
    const { challengeId } = await site.calls.registrationOptions();
    const answer = await site.calls.post(
      "/api/auth/passkey/register/verify",
      { challengeId, name: "", response: {} },
      site.admin.cookie,
      freshIp(),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("name must not be empty");
  });
});

describe("the account page's plain forms", () => {
  it("renames a passkey", async () => {
    const authenticator = await site.calls.registered("Old name");
    const response = await fetch(`${site.server.url}${ACCOUNT}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: site.admin.cookie },
      body: new URLSearchParams({ intent: "rename-passkey", passkey: authenticator.id, name: "Phone" }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Renamed the passkey to “Phone”.");
    expect(site.calls.storedPasskey(authenticator.id)).toMatchObject({ name: "Phone" });
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
