/**
 * The passkey endpoints as the tests call them, for one server and its signed-in
 * admin, each call from an address of its own (the server runs with
 * TRUST_PROXY=1) so one test's failures never throttle another's.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { queryDb } from "./inspect";
import { fromIp } from "./logins";
import { SoftwareAuthenticator, type CeremonyOverrides } from "./passkey-authenticator";
import { loginAdmin, startServer, type TestServer } from "./server";

export interface Call {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

let nextIp = 1;
export const freshIp = () => `203.0.113.${nextIp++}`;

export function passkeyCalls(server: TestServer, admin: { cookie: string }) {
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

  return { post, registrationOptions, register, signInOptions, signIn, isValid, storedPasskey, registered };
}

/**
 * The file's server (TRUST_PROXY=1, so each call comes from an address of its own), its signed-in admin and the
 * passkey calls: started before the file's tests, stopped after them.
 */
export function passkeySite() {
  const site = {} as {
    server: TestServer;
    admin: { token: string; cookie: string };
    calls: ReturnType<typeof passkeyCalls>;
  };
  beforeAll(async () => {
    site.server = await startServer({ env: { TRUST_PROXY: "1" } });
    site.admin = await loginAdmin(site.server.url);
    site.calls = passkeyCalls(site.server, site.admin);
  });
  afterAll(async () => {
    await site.server?.stop();
  });
  return site;
}
