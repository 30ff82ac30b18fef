// The search (docs/behaviour.md#search): with JavaScript the results follow the typing and `/` focuses the box;
// without it the header's and the page's plain forms send the search. The rules of what is found are in-process.
import type { Page } from "@playwright/test";
import { beforeFirstTest, expect, test, waitForHydration } from "./fixtures";

let lighthouses: number[] = [];
let meadows: number[] = [];
beforeFirstTest(async (server) => {
  lighthouses = await server.seed(2, { prefix: "Lighthouse" });
  meadows = await server.seed(1, { prefix: "Meadow" });
});

const shown = (page: Page) =>
  page.locator(".gallery-thumb").evaluateAll((links) => links.map((link) => Number(link.dataset.imageId)));

test(
  "results follow the typing with the address replaced, and / focuses the box",
  { tag: "@js-only" },
  async ({ page }) => {
    await page.goto("/photography");
    await waitForHydration(page);
    const header = page.getByRole("search").getByRole("searchbox", { name: "Search photos" });
    await page.keyboard.press("/");
    await expect(header).toBeFocused();
    await header.pressSequentially("lighth");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/photography\/search\?q=lighth$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “lighth”");
    await expect.poll(() => shown(page)).toEqual([...lighthouses].reverse());

    const box = page.locator("#search-box");
    const entries = await page.evaluate(() => history.length);
    await box.fill("");
    await box.pressSequentially("mead");
    await expect(page).toHaveURL(/\?q=mead$/);
    await expect.poll(() => shown(page)).toEqual(meadows);
    await expect(box).toBeFocused();
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // `/` typed in the box is a character; elsewhere it brings the box back, its text selected.
    await box.press("/");
    await expect(box).toHaveValue("mead/");
    await box.blur();
    await page.keyboard.press("/");
    await expect(box).toBeFocused();
    await page.keyboard.type("zqnowhere");
    await expect(page.getByText("No photos match “zqnowhere”")).toBeVisible();
  },
);

test("the header's form and the page's send a plain GET", { tag: "@no-js-only" }, async ({ page }) => {
  await page.goto("/photography");
  await page.getByRole("searchbox", { name: "Search photos" }).fill("lighthouse");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/photography\/search\?q=lighthouse$/);
  expect(await shown(page)).toEqual([...lighthouses].reverse());
  await page.getByRole("searchbox", { name: "Search photos" }).fill("zqnowhere");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No photos match “zqnowhere”")).toBeVisible();
});
