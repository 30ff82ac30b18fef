// Error pages that help: the spec's heading, the status with its own reason phrase, a plain sentence, and the
// ways on to the gallery and the albums.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function expectHelpfulErrorPage(page: Page, statusLine: string, sentence: RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: statusLine, exact: true })).toBeVisible();
  await expect(page.getByText(sentence)).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Go to the gallery" })).toHaveAttribute("href", "/photography");
  await expect(main.getByRole("link", { name: "See the albums" })).toHaveAttribute("href", "/photography/albums");
}

test("a missing album: 404 Not Found, saying which album, with the ways on", async ({ page }) => {
  const response = await page.goto("/photography/albums/no-such-album");
  expect(response?.status()).toBe(404);
  await expectHelpfulErrorPage(page, "404 Not Found", /^There is no album/);
  await expect(page).toHaveTitle(/^404 Not Found/);
  await page.getByRole("main").getByRole("link", { name: "See the albums" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Albums" })).toBeVisible();
});

test("a missing page: 404 Not Found, a plain sentence, with the ways on", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expectHelpfulErrorPage(page, "404 Not Found", /There is nothing at this address/);
  await page.getByRole("main").getByRole("link", { name: "Go to the gallery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Image Gallery" })).toBeVisible();
});

test("a malformed list query: 400 Bad Request with the server's sentence, not the server's fault", async ({ page }) => {
  const response = await page.goto("/photography?sortField=bogus");
  expect(response?.status()).toBe(400);
  await expectHelpfulErrorPage(page, "400 Bad Request", /sortField/);
});
