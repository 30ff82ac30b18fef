import type { ConsoleMessage } from "@playwright/test";
import { expect, test, beforeFirstTest, waitForHydration } from "./fixtures";

test.describe("hydration under the Content-Security-Policy", { tag: "@js-only" }, () => {
  // Hydration needs JavaScript.

  beforeFirstTest(async (server) => {
    await server.seed(3);
  });

  // That every script carries the response's nonce is checked on the HTTP answers: integration/security-headers.test.ts.
  for (const pathname of ["/", "/photography"]) {
    test(`${pathname}: hydrates without hydration, nonce or CSP warnings`, async ({ page }) => {
      const messages: ConsoleMessage[] = [];
      page.on("console", (message) => messages.push(message));
      const pageErrors: Error[] = [];
      page.on("pageerror", (error) => pageErrors.push(error));

      await page.goto(pathname);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");

      const suspicious = messages
        .filter((m) => m.type() === "error" || m.type() === "warning")
        .map((m) => m.text())
        // Production React reports hydration failures as minified errors 418-425.
        .filter((text) =>
          /hydrat|nonce|did not match|content security policy|refused to|react\.dev\/errors\/4(1[89]|2[0-5])/i.test(
            text,
          ),
        );
      expect(suspicious).toEqual([]);
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
