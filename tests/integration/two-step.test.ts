// Two-step codes (issue 21): turning them on from the account page (a QR code
// drawn on the server, the key as text, a first code), the login's second step
// on the page without JavaScript and in the API, codes that work once,
// recovery codes, a new set, and turning them off. Codes come from `otpauth`
// fed with the key the page shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { queryDb } from "../support/inspect";
import { cookieFrom } from "../support/logins";
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer, type TestServer } from "../support/server";
import { Authenticator, currentStep } from "../support/authenticator";
import { ACCOUNT, enrol, freshCode, postForm, shownKey, shownRecoveryCodes } from "../support/two-step";

const ADMIN = "/photography/admin";
const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app, or a recovery code.";
const CODE_WRONG = "That code is wrong or was used already.";

let server: TestServer;
let app: Authenticator;
let recoveryCodes: string[];
/** The owner's session on the account page, opened before two-step codes were on. */
let owner: string;

function apiLogin(body: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ...body }),
  });
}

const twoStepRow = () =>
  queryDb<{ totp_secret: string | null; totp_enabled_at: number | null; totp_pending_secret: string | null }>(
    server.dataDir,
    "SELECT totp_secret, totp_enabled_at, totp_pending_secret FROM users",
  )[0]!;

async function accountHtml(cookie = owner): Promise<string> {
  const response = await fetch(`${server.url}${ACCOUNT}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  server = await startServer();
  const response = await apiLogin({});
  expect(response.status).toBe(200);
  owner = cookieFrom(response, "__session")!;
});

afterAll(async () => {
  await server?.stop();
});

// Each step starts from what the one before left (codes on, a code spent): not to be shuffled.
describe("step by step on one site", { shuffle: false }, () => {
  describe("turning two-step codes on", () => {
    it("shows a QR code drawn on the server and the key as text, and a wrong first code leaves them off", async () => {
      expect(await accountHtml()).toContain("Turn on two-step codes");
      const begun = await postForm(`${server.url}${ACCOUNT}`, { intent: "totp-begin" }, owner);
      expect(begun.status).toBe(200);
      const html = await begun.text();
      expect(html).toMatch(
        /<div class="totp-qr" role="img" aria-label="QR code of the key for your authenticator app"><svg /,
      );
      const key = shownKey(html);
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      // The key is pending on the server: the form carries none.
      expect(twoStepRow()).toEqual({ totp_secret: null, totp_enabled_at: null, totp_pending_secret: key });
      expect(html).not.toMatch(new RegExp(`value="${key}"`));

      const wrongApp = new Authenticator(new Secret({ size: 20 }).base32);
      const wrong = await postForm(
        `${server.url}${ACCOUNT}`,
        { intent: "totp-confirm", code: wrongApp.readyCode()! },
        owner,
      );
      expect(wrong.status).toBe(400);
      const refused = await wrong.text();
      expect(refused).toContain("That code is wrong.");
      expect(refused).toMatch(/<input[^>]*id="totp-confirm-code"[^>]*aria-invalid="true"/);
      // A key sent by the client is never taken, even with its own right code.
      const forged = await postForm(
        `${server.url}${ACCOUNT}`,
        { intent: "totp-confirm", secret: wrongApp.secret, code: wrongApp.codeAt(currentStep()) },
        owner,
      );
      expect(forged.status).toBe(400);
      expect(twoStepRow().totp_enabled_at).toBeNull();
      // Without two-step codes, the API's answer is as it always was.
      const plain = await apiLogin({});
      expect(plain.status).toBe(200);
      expect(Object.keys((await plain.json()) as object)).toEqual(["token"]);
    });

    it("turns on with the app's first code, and shows 10 recovery codes once, stored hashed", async () => {
      const html = await accountHtml();
      app = new Authenticator(shownKey(html));
      const confirmed = await postForm(
        `${server.url}${ACCOUNT}`,
        { intent: "totp-confirm", code: await freshCode(app) },
        owner,
      );
      expect(confirmed.status).toBe(200);
      const answer = await confirmed.text();
      recoveryCodes = shownRecoveryCodes(answer);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(recoveryCodes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
      expect(answer).toContain("Two-step codes are on.");

      const row = twoStepRow();
      expect(row.totp_secret).toBe(app.secret);
      expect(row.totp_enabled_at).toBeGreaterThan(0);
      expect(row.totp_pending_secret).toBeNull();
      const stored = queryDb<{ code_hash: string }>(server.dataDir, "SELECT code_hash FROM recovery_codes");
      expect(stored).toHaveLength(10);
      expect(stored.every(({ code_hash }) => /^[0-9a-f]{64}$/.test(code_hash))).toBe(true);
      const storedText = JSON.stringify(stored);
      expect(recoveryCodes.some((code) => storedText.includes(code.replace("-", "")))).toBe(false);

      // Shown once: the page read again has neither the codes nor the key.
      const later = await accountHtml();
      expect(shownRecoveryCodes(later)).toEqual([]);
      expect(later).not.toContain("totp-key__secret");
      expect(later).toContain("10 recovery codes left.");
    });
  });

  describe("the API's second step", () => {
    it("answers 401 twoFactorRequired without a code or with a wrong one, and opens no session", async () => {
      const without = await apiLogin({});
      expect(without.status).toBe(401);
      expect(await without.json()).toEqual({ message: CODE_REQUIRED, twoFactorRequired: true });
      expect(without.headers.getSetCookie()).toEqual([]);

      const wrong = await apiLogin({ code: app.codeAt(currentStep() + 5) });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ message: CODE_WRONG, twoFactorRequired: true });

      // A wrong password says nothing about a second step.
      const badPassword = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: ADMIN_USERNAME, password: "not-the-password", code: "123456" }),
      });
      expect(badPassword.status).toBe(401);
      expect(await badPassword.json()).toEqual({ message: "Invalid username or password." });
    });

    it("signs in with a right code, and refuses the same code again", async () => {
      const code = await freshCode(app);
      const signedIn = await apiLogin({ code });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };
      const valid = await fetch(`${server.url}/api/auth/validate`, { headers: { Authorization: `Bearer ${token}` } });
      expect(await valid.json()).toEqual({ valid: true });

      const replay = await apiLogin({ code });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({ message: CODE_WRONG, twoFactorRequired: true });
    });

    it("takes a recovery code once, typed in any case and without its dash", async () => {
      const [first, second] = recoveryCodes;
      const typed = first!.toUpperCase().replace("-", "");
      expect((await apiLogin({ code: typed })).status).toBe(200);
      const again = await apiLogin({ code: first! });
      expect(again.status).toBe(401);
      expect(await again.json()).toEqual({ message: CODE_WRONG, twoFactorRequired: true });
      expect((await apiLogin({ code: ` ${second!} ` })).status).toBe(200);
      expect(await accountHtml()).toContain("8 recovery codes left.");
    });
  });

  describe("the page's second step, without JavaScript", () => {
    async function passwordStep(redirectTo = ACCOUNT) {
      const response = await postForm(`${server.url}${ADMIN}?redirectTo=${encodeURIComponent(redirectTo)}`, {
        intent: "login",
        username: ADMIN_USERNAME,
        password: ADMIN_PASSWORD,
        redirectTo,
      });
      expect(response.status).toBe(200);
      const ticket = response.headers.getSetCookie().find((line) => line.startsWith("__login_step="))!;
      expect(ticket).toMatch(/HttpOnly/);
      expect(ticket).toMatch(/Max-Age=300/);
      expect(ticket).toMatch(/SameSite=Strict/);
      expect(cookieFrom(response, "__session")).toBeUndefined();
      return { html: await response.text(), ticket: ticket.split(";")[0]! };
    }

    const postCode = (ticket: string, code: string, redirectTo = ACCOUNT) =>
      postForm(`${server.url}${ADMIN}`, { intent: "second-step", code, redirectTo }, ticket);

    it("asks for the code after a right password, never the password again, and signs in with it", async () => {
      const { html, ticket } = await passwordStep();
      expect(html).toContain(
        "Two-step sign-in: enter the 6-digit code from your authenticator app, or a recovery code.",
      );
      const codeInput = html.match(/<input[^>]*id="login-code"[^>]*>/)?.[0];
      expect(codeInput).toMatch(/name="code"/);
      expect(codeInput).toMatch(/autocomplete="one-time-code"/i);
      expect(html).not.toContain('name="password"');

      const wrong = await postCode(ticket, "000000");
      expect(wrong.status).toBe(401);
      const refused = await wrong.text();
      expect(refused).toContain(CODE_WRONG);
      expect(refused).toContain('name="code"');

      const right = await postCode(ticket, await freshCode(app));
      expect(right.status).toBe(303);
      expect(right.headers.get("location")).toBe(ACCOUNT);
      const session = cookieFrom(right, "__session")!;
      expect(await accountHtml(session)).toContain("Two-step codes");
      expect(right.headers.getSetCookie().some((line) => /^__login_step=;.*Max-Age=0/.test(line))).toBe(true);

      // The ticket is spent: even a good code cannot use it again.
      const reused = await postCode(ticket, recoveryCodes[2]!);
      expect(reused.status).toBe(401);
      expect(await reused.text()).toContain("The sign-in took too long. Enter your password again.");
      expect(await accountHtml()).toContain("8 recovery codes left.");
    });

    it("a second step still pending ends when the owner signs out other sessions", async () => {
      const { ticket } = await passwordStep();
      const signedOut = await postForm(`${server.url}${ACCOUNT}`, { intent: "sign-out-others" }, owner);
      expect(signedOut.status).toBe(200);
      const refused = await postCode(ticket, recoveryCodes[5]!);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('name="password"');
      // The code itself was good: only the ticket had ended.
      expect((await apiLogin({ code: recoveryCodes[5]! })).status).toBe(200);
    });

    it("without a ticket, asks for the password again", async () => {
      const response = await postCode("__login_step=forged", recoveryCodes[3]!);
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("The sign-in took too long. Enter your password again.");
      expect(html).toContain('name="password"');
    });
  });

  describe("recovery codes and turning off", () => {
    // A site of its own, enrolled afresh: the steps before spent the three codes the server takes at a time, and a
    // fourth would wait up to 30 s for the clock.
    beforeAll(async () => {
      await server.stop();
      server = await startServer();
      const response = await apiLogin({});
      expect(response.status).toBe(200);
      owner = cookieFrom(response, "__session")!;
      ({ app, recoveryCodes } = await enrol(server.url, owner));
    });

    it("makes a new set only with a current code; the old codes stop working", async () => {
      const refused = await postForm(`${server.url}${ACCOUNT}`, { intent: "recovery-codes", code: "000000" }, owner);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain(CODE_WRONG);

      const made = await postForm(
        `${server.url}${ACCOUNT}`,
        { intent: "recovery-codes", code: await freshCode(app) },
        owner,
      );
      expect(made.status).toBe(200);
      const fresh = shownRecoveryCodes(await made.text());
      expect(fresh).toHaveLength(10);
      expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
      expect((await apiLogin({ code: recoveryCodes[4]! })).status).toBe(401);
      expect((await apiLogin({ code: fresh[0]! })).status).toBe(200);
      recoveryCodes = fresh.slice(1);
    });

    it("turns off only with the password and a current code", async () => {
      const off = (form: Record<string, string>) =>
        postForm(`${server.url}${ACCOUNT}`, { intent: "totp-off", ...form }, owner);
      const noCode = await off({ password: ADMIN_PASSWORD });
      expect(noCode.status).toBe(400);
      const wrongPassword = await off({
        password: "not-the-password",
        code: app.codeAt(currentStep()),
      });
      expect(wrongPassword.status).toBe(400);
      expect(await wrongPassword.text()).toContain("The current password is wrong.");
      const wrongCode = await off({ password: ADMIN_PASSWORD, code: "000000" });
      expect(wrongCode.status).toBe(401);
      expect(twoStepRow().totp_enabled_at).toBeGreaterThan(0);

      const done = await off({ password: ADMIN_PASSWORD, code: await freshCode(app) });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("Two-step codes are off.");
      expect(twoStepRow()).toEqual({ totp_secret: null, totp_enabled_at: null, totp_pending_secret: null });
      expect(queryDb(server.dataDir, "SELECT id FROM recovery_codes")).toEqual([]);
      const plain = await apiLogin({});
      expect(plain.status).toBe(200);
      expect(Object.keys((await plain.json()) as object)).toEqual(["token"]);
    });
  });
});

describe("throttled codes", () => {
  it("answer 429 with Retry-After like a throttled password, from any address, a right code too", async () => {
    const throttled = await startServer({ env: { TRUST_PROXY: "1" } });
    try {
      const login = (body: Record<string, string>, ip: string) =>
        fetch(`${throttled.url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
          body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ...body }),
        });
      const first = await login({}, "198.51.100.1");
      const { app: itsApp } = await enrol(throttled.url, cookieFrom(first, "__session")!);
      const wrongCode = new TOTP({ secret: Secret.fromBase32(new Secret({ size: 20 }).base32) }).generate();
      // Five free tries, then a block that doubles with each failure (a slow machine may fit one more in).
      let failures = 0;
      let refused = await login({ code: wrongCode }, "198.51.100.1");
      for (; refused.status === 401 && failures < 10; failures++) {
        refused = await login({ code: wrongCode }, "198.51.100.1");
      }
      expect(failures).toBeGreaterThanOrEqual(5);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({
        message: `Too many failed login attempts. Try again in ${wait} seconds.`,
      });
      // The owner's codes are throttled as a whole: another address, and a right code, wait too.
      const elsewhere = await login({ code: await freshCode(itsApp) }, "203.0.113.9");
      expect(elsewhere.status).toBe(429);
      expect(Number(elsewhere.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    } finally {
      await throttled.stop();
    }
  });
});
