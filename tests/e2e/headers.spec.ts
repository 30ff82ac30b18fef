import type { ConsoleMessage } from "@playwright/test";
import { expect, test } from "./fixtures";

const PAGES = ["/", "/photography"];

test.beforeAll(async ({ server }) => {
  await server.seed(3);
});

for (const pathname of PAGES) {
  test(`${pathname}: every script carries this response's CSP nonce`, async ({ request }) => {
    const response = await request.get(pathname);
    expect(response.status()).toBe(200);
    const policy = response.headers()["content-security-policy"] ?? "";
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce for every response.
    const again = (await request.get(pathname)).headers()["content-security-policy"];
    expect(again).not.toContain(nonce!);
  });

  test(`${pathname}: hydrates without hydration, nonce or CSP warnings`, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "hydration needs JavaScript");
    const messages: ConsoleMessage[] = [];
    page.on("console", (message) => messages.push(message));
    const pageErrors: Error[] = [];
    page.on("pageerror", (error) => pageErrors.push(error));

    await page.goto(pathname);
    // React Router's data router exists once the client entry has run and hydrated the page.
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.waitForLoadState("networkidle");

    const suspicious = messages
      .filter((m) => m.type() === "error" || m.type() === "warning")
      .map((m) => m.text())
      // Production React reports hydration failures as minified errors 418-425.
      .filter((text) => /hydrat|nonce|did not match|content security policy|refused to|react\.dev\/errors\/4(1[89]|2[0-5])/i.test(text));
    expect(suspicious).toEqual([]);
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });
}
