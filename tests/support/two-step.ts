// Two-step codes in tests: an authenticator app made of `otpauth`, fed with
// the key the account page shows, and the account page's forms posted as a
// browser without JavaScript posts them.
import { expect } from "vitest";
import { Secret, TOTP } from "otpauth";

export const ACCOUNT = "/photography/admin/account";
const PERIOD_MS = 30_000;

const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * The app: gives the code of a given step, or a fresh one. The server takes
 * each step once and only the steps next to its own, so a fresh code is the
 * current step's or, when that was used, the next one's; past that, it polls
 * until the clock reaches a usable step.
 */
export class Authenticator {
  private lastStep = -Infinity;
  private readonly totp: TOTP;

  constructor(readonly secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  }

  codeAt(step: number): string {
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }

  /** The step of the last code handed out, for replaying it. */
  lastCode(): string {
    return this.codeAt(this.lastStep);
  }

  async freshCode(): Promise<string> {
    const wanted = () => Math.max(this.lastStep + 1, currentStep());
    await expect
      .poll(() => wanted() <= currentStep() + 1, { interval: 200, timeout: 45_000, message: "a usable step" })
      .toBe(true);
    this.lastStep = wanted();
    return this.codeAt(this.lastStep);
  }
}

export function postForm(url: string, form: Record<string, string>, cookie?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

/** The key the account page shows as text, without its spaces. */
export function shownKey(html: string): string {
  const match = html.match(/<code class="totp-key__secret">([A-Z2-7 ]+)<\/code>/);
  expect(match, "the page shows the key").not.toBeNull();
  return match![1]!.replace(/ /g, "");
}

/** The recovery codes an answer shows (only the one that made them). */
export function shownRecoveryCodes(html: string): string[] {
  const list = html.match(/<ol class="recovery-codes__list">(.*?)<\/ol>/s);
  return list ? [...list[1]!.matchAll(/<code>([a-z0-9-]+)<\/code>/g)].map((match) => match[1]!) : [];
}

/** Turns two-step codes on from the account page; returns the app and the recovery codes shown. */
export async function enrol(baseUrl: string, cookie: string): Promise<{ app: Authenticator; recoveryCodes: string[] }> {
  const begun = await postForm(`${baseUrl}${ACCOUNT}`, { intent: "totp-begin" }, cookie);
  expect(begun.status).toBe(200);
  const app = new Authenticator(shownKey(await begun.text()));
  const confirmed = await postForm(
    `${baseUrl}${ACCOUNT}`,
    { intent: "totp-confirm", code: await app.freshCode() },
    cookie,
  );
  expect(confirmed.status).toBe(200);
  const recoveryCodes = shownRecoveryCodes(await confirmed.text());
  expect(recoveryCodes).toHaveLength(10);
  return { app, recoveryCodes };
}
