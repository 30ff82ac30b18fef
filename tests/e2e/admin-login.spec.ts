import type { Page } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "../support/server";
import { expect, test } from "./fixtures";

const TOKEN_KEY = "gallery_auth_token";

async function submitLogin(page: Page, password = ADMIN_PASSWORD) {
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

async function validate(page: Page, token: string): Promise<boolean> {
  const response = await page.request.get("/api/auth/validate", { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { valid: boolean }).valid;
}

/** Opens the login page; with JavaScript, waits for hydration (the form then asks for the client token). */
async function openLogin(page: Page, javaScriptEnabled: boolean, path = "/photography/admin") {
  await page.goto(path);
  if (javaScriptEnabled) await expect(page.locator('input[name="client"][value="js"]')).toHaveCount(1);
}

/** Logs in with the form; returns the stored client token (null without JavaScript). */
async function loginWithForm(page: Page, javaScriptEnabled: boolean): Promise<string | null> {
  await openLogin(page, javaScriptEnabled);
  await submitLogin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  if (!javaScriptEnabled) return null;
  await expect.poll(() => storedToken(page)).toMatch(/^[\w-]{20,}$/);
  return storedToken(page);
}

test("the login form has labelled, required fields with autocomplete", { tag: "@js-only" }, async ({ page }) => {
  const response = await page.goto("/photography/admin");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Gallery Admin Login" })).toBeVisible();
  await expect(page).toHaveTitle("Gallery Admin Login | Alex Sample");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const username = page.getByLabel("Username");
  const password = page.getByLabel("Password");
  await expect(username).toHaveAttribute("required", "");
  // "webauthn" lets the browser offer passkeys in the field's autofill (conditional mediation, issue 21).
  await expect(username).toHaveAttribute("autocomplete", "username webauthn");
  await expect(password).toHaveAttribute("required", "");
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveAttribute("autocomplete", "current-password");
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
});

test("empty fields are refused by the browser, nothing is sent", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/photography/admin");
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.getByRole("button", { name: "Login" }).click();
  expect(await page.getByLabel("Username").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
    true,
  );
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByRole("button", { name: "Login" }).click();
  expect(await page.getByLabel("Password").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
    true,
  );
  await expect(page.getByRole("heading", { name: "Gallery Admin Login" })).toBeVisible();
  expect(posted).toBe(false);
});

test("a wrong password shows the server's message in the banner", async ({ page, javaScriptEnabled }) => {
  await openLogin(page, javaScriptEnabled);
  await submitLogin(page, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password.");
  await expect(page.getByRole("heading", { name: "Gallery Admin Login" })).toBeVisible();
  expect(await page.context().cookies()).toEqual([]);
  // The username stays typed (also on the new page drawn without JavaScript); the password does not.
  await expect(page.getByLabel("Username")).toHaveValue(ADMIN_USERNAME);
  await expect(page.getByLabel("Password")).toHaveValue(javaScriptEnabled ? "not-the-password" : "");
});

test("logging in shows the dashboard and opens a session", async ({ page, javaScriptEnabled }) => {
  await loginWithForm(page, javaScriptEnabled);
  await expect(page).toHaveURL(/\/photography\/admin$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to the gallery/ })).toHaveAttribute("href", "/photography");
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("__session");
  expect(cookies.find((cookie) => cookie.name === "__session")?.httpOnly).toBe(true);
  // The page is served fresh, never from a cache.
  const again = await page.reload();
  expect(again?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test(
  '"Logging in..." shows and the button is disabled while the request runs',
  { tag: "@js-only" },
  async ({ page }) => {
    // The pending state is drawn by JavaScript; without it the browser shows its own.
    await openLogin(page, true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/photography/admin.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await submitLogin(page);
    const pending = page.getByRole("button", { name: "Logging in..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  },
);

test('a network failure shows "An unknown error occurred"', { tag: "@js-only" }, async ({ page }) => {
  // Without JavaScript the browser shows its own network error page.
  await openLogin(page, true);
  await page.route("**/photography/admin.data*", (route) => route.abort("internetdisconnected"));
  await submitLogin(page);
  await expect(page.getByRole("alert")).toHaveText("An unknown error occurred");
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
});

test(
  "with JavaScript the token is stored, validated on load and cleared once revoked",
  { tag: "@js-only" },
  async ({ page }) => {
    // The client token exists only where JavaScript runs.
    const token = (await loginWithForm(page, true))!;
    expect(await validate(page, token)).toBe(true);

    // On the next page load the stored token goes to /api/auth/validate as the bearer.
    const validation = page.waitForRequest("**/api/auth/validate");
    await page.reload();
    expect((await validation).headers()["authorization"]).toBe(`Bearer ${token}`);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    expect(await storedToken(page)).toBe(token);

    // Revoked elsewhere (the API logout with the token ends cookie and token together).
    const revoked = await page.request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(204);
    // The page may navigate as soon as the answer arrives, which discards its body in
    // the browser: read it on its way through instead.
    let answer: unknown;
    await page.route("**/api/auth/validate", async (route) => {
      const response = await route.fetch();
      answer = await response.json();
      await route.fulfill({ response });
    });
    await page.reload();
    await expect.poll(() => answer).toEqual({ valid: false });
    await expect(page.getByRole("heading", { name: "Gallery Admin Login" })).toBeVisible();
    await expect.poll(() => storedToken(page)).toBeNull();
  },
);

test("a token without a session is cleared on page load", { tag: "@js-only" }, async ({ page }) => {
  // The client token exists only where JavaScript runs.
  await page.goto("/photography/admin");
  await page.evaluate((key) => localStorage.setItem(key, "made-up-token"), TOKEN_KEY);
  await page.reload();
  await expect.poll(() => storedToken(page)).toBeNull();
});

test(
  'a failing validation shows "Failed to validate authentication" and keeps the session',
  { tag: "@js-only" },
  async ({ page }) => {
    // Validation runs in the browser.
    const token = await loginWithForm(page, true);

    await page.route("**/api/auth/validate", (route) => route.fulfill({ status: 503, body: "down" }));
    await page.reload();
    await expect(page.getByRole("alert")).toHaveText("Failed to validate authentication");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    expect(await storedToken(page)).toBe(token);
  },
);

test("logout ends the session on the server, clears the token and goes to the gallery", async ({
  page,
  javaScriptEnabled,
}) => {
  const token = await loginWithForm(page, javaScriptEnabled);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "__session")!;

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/photography");
  expect((await page.context().cookies()).find((cookie) => cookie.name === "__session")).toBeUndefined();
  if (token) {
    expect(await storedToken(page)).toBeNull();
    expect(await validate(page, token)).toBe(false);
  }
  // The old cookie no longer opens the dashboard: the server revoked the session.
  const replay = await page.request.get("/api/auth/validate", { headers: { Cookie: `__session=${session.value}` } });
  expect(await replay.json()).toEqual({ valid: false });
  await page.goto("/photography/admin");
  await expect(page.getByRole("heading", { name: "Gallery Admin Login" })).toBeVisible();
});

test("a redirect target after login stays on this site", async ({ page, javaScriptEnabled }) => {
  await openLogin(page, javaScriptEnabled, "/photography/admin?redirectTo=//evil.example/steal");
  await submitLogin(page);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.hostname === "127.0.0.1" && url.pathname === "/photography/admin" && url.search === "",
  );
});

test("a redirect target on this site is followed after login", async ({ page, javaScriptEnabled }) => {
  await openLogin(page, javaScriptEnabled, "/photography/admin?redirectTo=/photography");
  await submitLogin(page);
  await expect(page).toHaveURL((url) => url.pathname === "/photography" && url.search === "");
  expect(await validate(page, "")).toBe(true);
});
