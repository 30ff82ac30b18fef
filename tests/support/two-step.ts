// Two-step codes in integration tests: the account page's forms posted as a
// browser without JavaScript posts them, and codes from the app.
import { expect, vi } from "vitest";
import { Authenticator } from "./authenticator";

export const ACCOUNT = "/photography/admin/account";

/** A fresh code from the app, polling while the steps it may use are spent (in a test or a hook). */
export function freshCode(app: Authenticator): Promise<string> {
  return vi.waitFor(
    () => {
      const code = app.readyCode();
      if (code === null) throw new Error("no usable step yet");
      return code;
    },
    { interval: 200, timeout: 45_000 },
  );
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
    { intent: "totp-confirm", code: await freshCode(app) },
    cookie,
  );
  expect(confirmed.status).toBe(200);
  const recoveryCodes = shownRecoveryCodes(await confirmed.text());
  expect(recoveryCodes).toHaveLength(10);
  return { app, recoveryCodes };
}
