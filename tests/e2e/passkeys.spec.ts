// Passkeys (issue 21) in a real browser: one registered on the account page and
// used on the login page through Chromium's virtual authenticator (the DevTools
// WebAuthn domain); without JavaScript the login page is the password form alone.
import type { Page } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "../support/server";
import { expect, test as base, waitForHydration } from "./fixtures";

const ACCOUNT = "/photography/admin/account";
const LOGIN = "/photography/admin";

/**
 * This file's server reached as `localhost`: WebAuthn takes a
 * domain for the relying party, never an IP address.
 */
const test = base.extend({
  baseURL: async ({ fileServer }, use) => use(fileServer.url.replace("127.0.0.1", "localhost")),
});

/** A platform authenticator that holds discoverable credentials and verifies its user, as a laptop's does. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Signs in with the password and adds a passkey named `name` on the account page. */
async function addPasskey(page: Page, name: string): Promise<void> {
  const login = await page.request.post("/api/auth/login", {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(ACCOUNT);
  await waitForHydration(page);
  await page.getByLabel("Name of the new passkey").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added the passkey “${name}”.`);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByRole("heading", { level: 3, name })).toBeVisible();
  await expect(passkeys.getByText("Never")).toBeVisible();
}

/** Signed out (no cookie, no token), on the login page asked to come back to the account page. */
async function signOutToLogin(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${LOGIN}?redirectTo=${encodeURIComponent(ACCOUNT)}`);
}

/** Signed in again by the passkey alone: the account page, its passkey used, a session cookie and a client token. */
async function expectSignedInByPasskey(page: Page): Promise<void> {
  await expect(page).toHaveURL(ACCOUNT);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Passkeys" }).getByText("Never")).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("__session");
  expect(await page.evaluate(() => Object.keys(localStorage).length)).toBeGreaterThan(0);
}

test(
  "a passkey added on the account page signs in with the login page's button",
  { tag: "@js-only" },
  async ({ page }) => {
    // Passkeys need JavaScript.
    // No autofill offer here (Chromium's virtual authenticator would answer it at once): the button alone.
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await addVirtualAuthenticator(page);
    await addPasskey(page, "MacBook");
    await signOutToLogin(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expectSignedInByPasskey(page);
  },
);

test("the login page offers the passkey in the user-name field's autofill", { tag: "@js-only" }, async ({ page }) => {
  // Passkeys need JavaScript.
  await addVirtualAuthenticator(page);
  await addPasskey(page, "Laptop");
  await signOutToLogin(page);
  await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username webauthn");
  // Chromium's virtual authenticator picks its one passkey for a conditional request, as a person would in the list.
  await expectSignedInByPasskey(page);
});

test("a passkey is renamed and removed with the plain forms", { tag: "@js-only" }, async ({ page }) => {
  // Adding one needs JavaScript; the forms are checked without it in integration tests.
  await addVirtualAuthenticator(page);
  await addPasskey(page, "Phone");
  const passkeys = page.getByRole("region", { name: "Passkeys" });

  await passkeys.getByLabel("New name for Phone").fill("Work phone");
  await passkeys.getByRole("button", { name: "Rename" }).last().click();
  await expect(page.getByRole("status")).toHaveText("Renamed the passkey to “Work phone”.");
  await expect(passkeys.getByRole("heading", { level: 3, name: "Work phone" })).toBeVisible();

  await passkeys.getByRole("button", { name: "Remove the passkey Work phone" }).click();
  await expect(page.getByRole("status")).toHaveText("Removed the passkey “Work phone”.");
  await expect(passkeys.getByRole("heading", { level: 3, name: "Work phone" })).toHaveCount(0);
});

test(
  "without JavaScript the login page shows no passkey button and the password still signs in",
  { tag: "@no-js-only" },
  async ({ page }) => {
    await page.goto(LOGIN);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
    await page.getByLabel("Username").fill(ADMIN_USERNAME);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

    await page.goto(ACCOUNT);
    await expect(page.getByText("Adding a passkey needs JavaScript.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a passkey" })).toBeHidden();
  },
);
