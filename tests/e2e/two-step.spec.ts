// Two-step codes (issue 21) in the browser, JavaScript on and off: turning
// them on from the account page (the QR code and the key, a first code, the
// recovery codes), then logging in with the password and the second step.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "../support/server";
import { Authenticator } from "../support/authenticator";
import { expect, oneServerPerMode, test, waitForHydration } from "./fixtures";

// Turning two-step codes on changes how the other mode's run signs in.
oneServerPerMode();

async function readyCode(app: Authenticator): Promise<string> {
  let code: string | null = null;
  await expect.poll(() => (code = app.readyCode()) !== null, { timeout: 45_000 }).toBe(true);
  return code!;
}

test("turn on two-step codes from the account page, then log in with a code", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  // Two logins and two page forms, each through React with JavaScript on: more than the usual budget.
  test.slow();
  if (javaScriptEnabled) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const signedIn = await page.request.post("/api/auth/login", {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto("/photography/admin/account");
  if (javaScriptEnabled) await waitForHydration(page);

  const section = page.getByRole("region", { name: "Two-step codes" });
  await section.getByRole("button", { name: "Turn on two-step codes" }).click();
  await expect(section.getByRole("img", { name: "QR code of the key for your authenticator app" })).toBeVisible();
  const key = (await section.locator(".totp-key__secret").textContent())!;
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const app = new Authenticator(key.replace(/ /g, ""));

  await section.getByLabel("Code from the app").fill(await readyCode(app));
  await section.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(section.getByText("Two-step codes are on.")).toBeVisible();
  const codes = section.getByRole("region", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(section).toContainText("10 recovery codes left.");
  await keepRecoveryCodes(page, javaScriptEnabled);

  // A new browser session: the password, then the second step.
  await context.clearCookies();
  await page.goto("/photography/admin");
  if (javaScriptEnabled) await expect(page.locator('input[name="client"][value="js"]')).toHaveCount(1);
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Two-step sign-in: enter the 6-digit code")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);

  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is wrong or was used already.");
  await page.getByLabel("Code").fill(await readyCode(app));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
});

/** The new codes can be downloaded as a text file (a link, so without JavaScript too), copied and printed alone. */
async function keepRecoveryCodes(page: Page, javaScriptEnabled: boolean) {
  const region = page.getByRole("region", { name: "Recovery codes" });
  const codes = await region.getByRole("listitem").allTextContents();
  const download = page.waitForEvent("download");
  await region.getByRole("link", { name: "Download as a text file" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("recovery-codes.txt");
  const text = await readFile((await file.path())!, "utf8");
  expect(text.split("\n").filter((line) => codes.includes(line))).toEqual(codes);
  expect(text).toContain("Each works once, in place of a code from the app.");

  if (javaScriptEnabled) {
    await region.getByRole("button", { name: "Copy the codes" }).click();
    await expect(region.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute("data-printed", "");
    });
    await region.getByRole("button", { name: "Print" }).click();
    await expect(page.locator("html[data-printed]")).toHaveCount(1);
  } else {
    // Printing is the browser's own then.
    await expect(region.getByRole("button", { name: "Print" })).toHaveCount(0);
  }
  // On paper: the codes alone.
  await page.emulateMedia({ media: "print" });
  await expect(region.getByText(codes[0]!)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Two-step codes" })).toBeHidden();
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(region.getByRole("link", { name: "Download as a text file" })).toBeHidden();
  await page.emulateMedia({ media: null });
}
