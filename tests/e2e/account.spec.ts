// The account page (issue 21) with JavaScript on and off: reached from the
// dashboard, the devices signed in and their sign-outs, the password change.
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "../support/server";
import { expect, oneServerPerMode, test, waitForHydration } from "./fixtures";

// The password test changes the owner's password, which the other mode's run signs in with.
oneServerPerMode();

const ACCOUNT = "/photography/admin/account";
const NEW_PASSWORD = "a quiet harbour at dawn";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";

/** Another device's session, opened through the API (a context without the page's cookies) with its own user agent; returns its token. */
async function otherDevice(request: APIRequestContext, password = ADMIN_PASSWORD): Promise<string> {
  const response = await request.post("/api/auth/login", {
    data: { username: ADMIN_USERNAME, password },
    headers: { "User-Agent": FIREFOX },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function isLive(request: APIRequestContext, token: string): Promise<boolean> {
  const response = await request.get("/api/auth/validate", { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { valid: boolean }).valid;
}

async function openAccount(page: Page, javaScriptEnabled: boolean, password = ADMIN_PASSWORD) {
  const response = await page.request.post("/api/auth/login", { data: { username: ADMIN_USERNAME, password } });
  expect(response.status()).toBe(200);
  await page.goto(ACCOUNT);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
}

// A link, followed alike in both modes: the page's forms below are the part JavaScript changes.
test("the admin navigation in the site header links to the account page", { tag: "@js-only" }, async ({ page }) => {
  await openAccount(page, true);
  await page.goto("/photography/admin");
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(ACCOUNT);
  await expect(page.getByRole("heading", { level: 2, name: "Password" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Devices" })).toBeVisible();
});

test("signs out one device, then every other", async ({ page, request, javaScriptEnabled }) => {
  await openAccount(page, javaScriptEnabled);
  // The browser's own session is the newest, so the others end up below it.
  const firefox = await otherDevice(request);
  await page.reload();
  const devices = page.locator("li.device");
  await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);
  const firefoxItem = devices.filter({ hasText: "Firefox 132 on Windows 10" });
  await expect(firefoxItem).toHaveCount(1);
  await firefoxItem.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("Signed out that device.");
  await expect(firefoxItem).toHaveCount(0);
  expect(await isLive(request, firefox)).toBe(false);

  const others = [await otherDevice(request), await otherDevice(request)];
  await page.reload();
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByRole("status")).toHaveText(/Signed out \d+ other sessions\./);
  await expect(devices).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  for (const token of others) expect(await isLive(request, token)).toBe(false);
});

test("changes the password, refusing a weak one by name", async ({ page, request, javaScriptEnabled }) => {
  await openAccount(page, javaScriptEnabled);
  const other = await otherDevice(request);
  const form = page.locator("form.account-form");
  await page.getByLabel("Current password").fill(ADMIN_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("qwerty123456");
  await page.getByLabel("New password again").fill("qwerty123456");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert")).toContainText("10,000 most common passwords");
  await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(await isLive(request, other)).toBe(true);

  await page.getByLabel("Current password").fill(ADMIN_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password again").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText(/Password changed\. Signed out \d+ other sessions?\./);
  await expect(page.getByLabel("Current password")).toHaveValue("");
  expect(await isLive(request, other)).toBe(false);
  // This device stays signed in, and the new password is the one that works.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await otherDevice(request, NEW_PASSWORD);
});
