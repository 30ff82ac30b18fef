// The owner's account page (issue 21): the password change and its policy,
// and the devices list with its sign-outs. Forms are posted as a browser
// without JavaScript posts them, and the page's HTML is read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDb } from "../support/inspect";
import { ADMIN_PASSWORD, startServer, type TestServer } from "../support/server";

const ACCOUNT = "/photography/admin/account";
/** Long enough for the length rule, so the rule "not the user name" can be reached. */
const OWNER = "gallery-owner-1";
const NEW_PASSWORD = "harbour lights at dusk";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const SAFARI_PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

interface Session {
  token: string;
  cookie: string;
}

let server: TestServer;

async function signIn(password = ADMIN_PASSWORD, userAgent = FIREFOX): Promise<Session> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: JSON.stringify({ username: OWNER, password }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("__session="))!
    .split(";")[0]!;
  return { token, cookie };
}

async function isLive(session: Session, via: "cookie" | "token"): Promise<boolean> {
  const headers: Record<string, string> =
    via === "cookie" ? { Cookie: session.cookie } : { Authorization: `Bearer ${session.token}` };
  const response = await fetch(`${server.url}/api/auth/validate`, { headers });
  return ((await response.json()) as { valid: boolean }).valid;
}

async function bothLive(session: Session): Promise<[boolean, boolean]> {
  return [await isLive(session, "cookie"), await isLive(session, "token")];
}

function post(session: Session, form: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}${ACCOUNT}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session.cookie },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

function changePassword(session: Session, current: string, next: string, again = next) {
  return post(session, {
    intent: "change-password",
    currentPassword: current,
    newPassword: next,
    confirmPassword: again,
  });
}

/** The input the page marked as at fault. */
function invalidFields(html: string): string[] {
  return [...html.matchAll(/<input[^>]*>/g)]
    .filter(([tag]) => tag.includes('aria-invalid="true"'))
    .map(([tag]) => tag.match(/name="(\w+)"/)![1]!);
}

function sessionIds(): number[] {
  return queryDb<{ id: number }>(server.dataDir, "SELECT id FROM sessions ORDER BY id").map((row) => row.id);
}

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_USERNAME: OWNER } });
});

afterAll(async () => {
  await server?.stop();
});

// The password changes, and later steps sign in with the new one; the last restarts with ADMIN_PASSWORD: in order.
describe("the owner's account, step by step", { shuffle: false }, () => {
  describe("the account page", () => {
    it("sends a visitor without a session to the login form, which brings them back", async () => {
      const response = await fetch(`${server.url}${ACCOUNT}`, { redirect: "manual" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/photography/admin?redirectTo=${encodeURIComponent(ACCOUNT)}`);
    });

    it("lists every session with its browser, system, address and times, and marks this device", async () => {
      const phone = await signIn(ADMIN_PASSWORD, SAFARI_PHONE);
      const desk = await signIn(ADMIN_PASSWORD, FIREFOX);
      const response = await fetch(`${server.url}${ACCOUNT}`, { headers: { Cookie: desk.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const html = await response.text();
      expect(html).toContain("Firefox 132 on Windows 10");
      expect(html).toContain("Safari 17 on iOS 17.5");
      expect(html).toMatch(/127\.0\.0\.1/);
      // This device is the Firefox one, and it alone has no "Sign out" of its own.
      const current = html.match(/<li class="device" aria-current="true">.*?<\/li>/s)![0];
      expect(current).toContain("Firefox 132");
      expect(current).toContain("This device");
      expect(current).not.toContain("Sign out");
      expect(html).toContain("Sign out everywhere else");
      const stored = queryDb<{ user_agent: string; ip: string; last_used_at: number }>(
        server.dataDir,
        "SELECT user_agent, ip, last_used_at FROM sessions ORDER BY id DESC LIMIT 2",
      );
      expect(stored.map((row) => row.user_agent)).toEqual([FIREFOX, SAFARI_PHONE]);
      expect(stored.every((row) => /127\.0\.0\.1/.test(row.ip) && row.last_used_at > 0)).toBe(true);
      await post(desk, { intent: "sign-out-others" });
      expect(await bothLive(phone)).toEqual([false, false]);
    });
  });

  describe("changing the password", () => {
    it.each([
      ["shorter than 12 characters", "short-pass1", "newPassword", "at least 12 characters"],
      ["over 72 bytes", "é".repeat(37), "newPassword", "at most 72 bytes"],
      ["among the 10,000 most common", "Qwerty123456", "newPassword", "10,000 most common passwords"],
      ["the user name", OWNER.toUpperCase(), "newPassword", "must not be your user name"],
    ])("refuses a new password %s, naming the field", async (_label, password, field, message) => {
      const session = await signIn();
      const response = await changePassword(session, ADMIN_PASSWORD, password);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(invalidFields(html)).toEqual([field]);
      expect(await bothLive(session)).toEqual([true, true]);
    });

    it("refuses two different new passwords, and a wrong current password, naming the field", async () => {
      const session = await signIn();
      const differ = await changePassword(session, ADMIN_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}!`);
      expect(differ.status).toBe(400);
      expect(invalidFields(await differ.text())).toEqual(["confirmPassword"]);
      const wrong = await changePassword(session, "not the password", NEW_PASSWORD);
      expect(wrong.status).toBe(400);
      const html = await wrong.text();
      expect(html).toContain("The current password is wrong.");
      expect(invalidFields(html)).toEqual(["currentPassword"]);
      // Nothing changed: the old password still signs in.
      await signIn(ADMIN_PASSWORD);
    });

    it("saves it and ends every other session, cookie and token, keeping this one", async () => {
      const other = await signIn();
      const another = await signIn(ADMIN_PASSWORD, SAFARI_PHONE);
      const self = await signIn();
      const response = await changePassword(self, ADMIN_PASSWORD, NEW_PASSWORD);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/Password changed\. Signed out \d+ other sessions\./);
      expect(await bothLive(other)).toEqual([false, false]);
      expect(await bothLive(another)).toEqual([false, false]);
      expect(await bothLive(self)).toEqual([true, true]);
      expect(sessionIds()).toHaveLength(1);

      const old = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: OWNER, password: ADMIN_PASSWORD }),
      });
      expect(old.status).toBe(401);
      await signIn(NEW_PASSWORD);
    });
  });

  describe("devices", () => {
    it("signs out one device: its cookie and its token end together, the others stay", async () => {
      const self = await signIn(NEW_PASSWORD);
      const phone = await signIn(NEW_PASSWORD, SAFARI_PHONE);
      const laptop = await signIn(NEW_PASSWORD);
      const phoneId = Math.max(...sessionIds()) - 1;
      const response = await post(self, { intent: "sign-out", session: String(phoneId) });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Signed out that device.");
      expect(await bothLive(phone)).toEqual([false, false]);
      expect(await bothLive(laptop)).toEqual([true, true]);
      expect(await bothLive(self)).toEqual([true, true]);

      const again = await post(self, { intent: "sign-out", session: String(phoneId) });
      expect(again.status).toBe(404);
      const selfId = Math.max(...sessionIds()) - 2;
      const own = await post(self, { intent: "sign-out", session: String(selfId) });
      expect(own.status).toBe(400);
      expect(await bothLive(self)).toEqual([true, true]);
    });

    it("signs out everywhere else", async () => {
      const others = [await signIn(NEW_PASSWORD), await signIn(NEW_PASSWORD, SAFARI_PHONE)];
      const self = await signIn(NEW_PASSWORD);
      const response = await post(self, { intent: "sign-out-others" });
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/Signed out \d+ other sessions\./);
      for (const other of others) expect(await bothLive(other)).toEqual([false, false]);
      expect(await bothLive(self)).toEqual([true, true]);
      expect(sessionIds()).toHaveLength(1);
    });
  });

  describe("guessing the current password", () => {
    it("is throttled like a login", async () => {
      const self = await signIn(NEW_PASSWORD);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await changePassword(self, `guess ${i}`, "another long password")).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const right = await changePassword(self, NEW_PASSWORD, "another long password");
      expect(right.status).toBe(429);
      expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
    });
  });

  describe("ADMIN_PASSWORD as the recovery", () => {
    it("resets a changed password at start, and the start log says so", async () => {
      await server.stop();
      server = await startServer({
        env: { ADMIN_USERNAME: OWNER },
        dirs: { dataDir: server.dataDir, uploadsDir: server.uploadsDir },
      });
      const resets = server
        .output()
        .split("\n")
        .filter((line) => line.includes("Reset the admin password"));
      expect(resets).toEqual(["Reset the admin password from ADMIN_PASSWORD and ended every session."]);
      expect(sessionIds()).toEqual([]);
      await signIn(ADMIN_PASSWORD);
    });
  });
});
