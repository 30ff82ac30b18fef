import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cookieFrom, fromIp, postLogin, type RawResponse } from "../support/logins";
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer, type TestServer } from "../support/server";

const OWNER = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };
const GUESS = { username: ADMIN_USERNAME, password: "wrong-password" };
const DEVICE = "__known_device";

const statuses = (answers: RawResponse[]) => answers.map((answer) => answer.status);
const count = (answers: RawResponse[], status: number) => answers.filter((answer) => answer.status === status).length;

describe("simultaneous guesses (production bcrypt cost)", () => {
  let server: TestServer;

  beforeAll(async () => {
    // The real cost: every guess takes long enough that all 20 are in flight together.
    server = await startServer({ env: { TEST_BCRYPT_COST: "" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("of 20 guesses sent at once from one IP, only the 5 free ones are checked; the owner then waits seconds, not 15 minutes", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => postLogin(server.url, GUESS)));
    expect(count(answers, 401), statuses(answers).join(",")).toBe(5);
    expect(count(answers, 429)).toBe(15);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(2);
    }
    // Five failures: a one-second wait, after which the right password gets in.
    const waits: number[] = [];
    await expect
      .poll(
        async () => {
          const answer = await postLogin(server.url, OWNER);
          if (answer.status === 429) waits.push(Number(answer.headers["retry-after"]));
          return answer.status;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(200);
    expect(Math.max(0, ...waits)).toBeLessThanOrEqual(2);
  });
});

// The owner's device is throttled and then forgotten by a new password in the last steps: not to be shuffled.
describe("known devices (TRUST_PROXY=1, so each test IP is its own client)", { shuffle: false }, () => {
  let server: TestServer;
  /** The owner's browser: the known-device cookie from an earlier login. */
  let ownerDevice: string;

  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: "1" } });
    const first = await postLogin(server.url, OWNER, fromIp("198.51.100.1"));
    expect(first.status).toBe(200);
    ownerDevice = cookieFrom(first, DEVICE)!;
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** Guesses from `ip` until the user name is blocked for clients that are not known devices. */
  async function lockUserName(ip: string) {
    // Earlier tests may have left failures on the count: guess until refused.
    const answers: RawResponse[] = [];
    while (answers.length < 6 && answers.at(-1)?.status !== 429)
      answers.push(await postLogin(server.url, GUESS, fromIp(ip)));
    expect(
      statuses(answers)
        .slice(0, -1)
        .every((status) => status === 401),
    ).toBe(true);
    expect(answers.at(-1)!.status).toBe(429);
    expect((await postLogin(server.url, GUESS, fromIp("203.0.113.99"))).status).toBe(429);
  }

  /**
   * A block lasts seconds, so on a busy machine it may lapse before the checks
   * that follow it: run them again after blocking anew. Each round adds a
   * failure, so the next block is longer. A check that is wrong fails every round.
   */
  const whileBlocked = (checks: () => Promise<void>) => vi.waitFor(checks, { timeout: 60_000, interval: 10 });

  /** Guesses with `headers` until refused: the key they count against is then blocked. */
  async function guessUntilRefused(headers: Record<string, string>) {
    let status = 0;
    for (let i = 0; i < 6 && status !== 429; i++) status = (await postLogin(server.url, GUESS, headers)).status;
    expect(status).toBe(429);
  }

  it("a successful login sets a signed, long-lived, HttpOnly, SameSite=Strict device cookie", async () => {
    const answer = await postLogin(server.url, OWNER, fromIp("198.51.100.1"));
    const line = (answer.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${DEVICE}=`))!;
    const attributes = line.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(["httponly", "samesite=strict", "path=/", `max-age=${365 * 24 * 60 * 60}`]),
    );
    // Signed: the value carries a signature after a dot.
    expect(line.split(";")[0]!.split("=")[1]).toMatch(/\.[A-Za-z0-9%+/=_-]+$/);
    // A failed login sets no cookie at all.
    expect((await postLogin(server.url, GUESS, fromIp("198.51.100.1"))).headers["set-cookie"]).toBeUndefined();
  });

  it("guesses from elsewhere cannot keep the owner's known browser out, even from the guessing IP", async () => {
    await whileBlocked(async () => {
      await lockUserName("203.0.113.66");
      // A browser that never logged in waits like anyone else: the documented limit of the scheme.
      const stranger = await postLogin(server.url, OWNER, fromIp("198.51.100.2"));
      expect(stranger.status).toBe(429);
      // The owner's known browser gets in, from a new address and from the blocked one.
      expect((await postLogin(server.url, OWNER, { ...fromIp("198.51.100.3"), Cookie: ownerDevice })).status).toBe(200);
      expect((await postLogin(server.url, OWNER, { ...fromIp("203.0.113.66"), Cookie: ownerDevice })).status).toBe(200);
      // Its success did not reset the count for everyone else.
      expect((await postLogin(server.url, GUESS, fromIp("203.0.113.100"))).status).toBe(429);
    });
  });

  it("the login form without JavaScript sets the device cookie and honours it the same way", async () => {
    const form = (cookie?: string) =>
      fetch(`${server.url}/photography/admin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "login", ...OWNER }),
        headers: { ...fromIp("198.51.100.9"), ...(cookie ? { Cookie: cookie } : {}) },
        redirect: "manual",
      });
    let known: Response | undefined;
    await whileBlocked(async () => {
      await lockUserName("203.0.113.68");
      expect((await form()).status).toBe(429);
      known = await form(ownerDevice);
      expect(known.status).toBe(303);
    });
    known = known!;
    expect(cookieFrom(known, "__session")).toBeDefined();
    // Every success hands out a fresh device cookie, and it works as well.
    const device = cookieFrom(known, DEVICE)!;
    expect(device).toMatch(/^__known_device=/);
    expect(device).not.toBe(ownerDevice);
    expect((await form(device)).status).toBe(303);
  });

  it("a forged or altered device cookie counts for nothing", async () => {
    const [name, value] = ownerDevice.split("=") as [string, string];
    const forged = `${name}=${Buffer.from(JSON.stringify({ u: ADMIN_USERNAME, n: "forged", p: "x" })).toString("base64")}`;
    const altered = `${name}=${value.slice(0, -4)}${value.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    await whileBlocked(async () => {
      await lockUserName("203.0.113.69");
      for (const cookie of [forged, altered]) {
        expect((await postLogin(server.url, OWNER, { ...fromIp("198.51.100.4"), Cookie: cookie })).status).toBe(429);
      }
    });
  });

  it("a known device that keeps guessing is throttled itself, and only it", async () => {
    const second = await postLogin(server.url, OWNER, { ...fromIp("198.51.100.5"), Cookie: ownerDevice });
    expect(second.status).toBe(200);
    const otherDevice = cookieFrom(second, DEVICE)!;
    expect(otherDevice).not.toBe(ownerDevice);
    const guesses: number[] = [];
    for (let i = 0; i < 5; i++)
      guesses.push((await postLogin(server.url, GUESS, { ...fromIp("198.51.100.6"), Cookie: otherDevice })).status);
    expect(guesses).toEqual([401, 401, 401, 401, 401]);
    await whileBlocked(async () => {
      await guessUntilRefused({ ...fromIp("198.51.100.6"), Cookie: otherDevice });
      const throttled = await postLogin(server.url, OWNER, { ...fromIp("198.51.100.7"), Cookie: otherDevice });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect((await postLogin(server.url, OWNER, { ...fromIp("198.51.100.7"), Cookie: ownerDevice })).status).toBe(200);
    });
  });

  it("a new password forgets every known device", async () => {
    await server.stop();
    server = await startServer({
      env: { TRUST_PROXY: "1", ADMIN_PASSWORD: "a-new-password-456" },
      dirs: { dataDir: server.dataDir, uploadsDir: server.uploadsDir },
    });
    const owner = { username: ADMIN_USERNAME, password: "a-new-password-456" };
    await whileBlocked(async () => {
      await lockUserName("203.0.113.67");
      expect((await postLogin(server.url, owner, { ...fromIp("198.51.100.8"), Cookie: ownerDevice })).status).toBe(429);
    });
  });
});
