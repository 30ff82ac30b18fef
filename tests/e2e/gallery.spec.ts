import type { Page } from "@playwright/test";
import { allImages } from "../support/images";
import { startServer } from "../support/server";
import { expect, loginInBrowser, test } from "./fixtures";
import { scrollToEnd, thumbnail, thumbnailIds, waitForHydration } from "./gallery-helpers";

const PAGE_SIZE = 24;

/** At least `count` photos on this file's server (the server may be shared with other files of the worker). */
async function atLeast(server: { url: string; seed: (count: number) => Promise<number[]> }, count: number) {
  const existing = (await allImages(server.url)).length;
  if (existing < count) await server.seed(count - existing);
  return allImages(server.url);
}

test(
  "the gallery renders its header and the first page of photos as a masonry grid",
  { tag: "@js-only" },
  async ({ page, server }) => {
    const images = await atLeast(server, PAGE_SIZE + 6);
    const response = await page.goto("/photography");
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1, name: "Image Gallery" })).toBeVisible();
    // The lede under the heading (the site header names the owner too).
    await expect(page.getByRole("main").getByText("Alex Sample", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await expect(page.getByText("You are logged in as an admin.")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Admin Page" })).toHaveCount(0);

    expect(await thumbnailIds(page)).toEqual(images.slice(0, PAGE_SIZE).map((image) => image.id));
    const first = images[0]!;
    const img = thumbnail(page, first.id).locator("img");
    await expect(img).toHaveAttribute("alt", first.description ? `${first.name}: ${first.description}` : first.name);
    // Width and height reserve the space before the pixels arrive: no layout shift.
    await expect(img).toHaveAttribute("width", String(first.width));
    await expect(img).toHaveAttribute("height", String(first.height));
    await expect(img).toHaveAttribute("loading", "eager");
    await expect(thumbnail(page, images[PAGE_SIZE - 1]!.id).locator("img")).toHaveAttribute("loading", "lazy");
    await expect(thumbnail(page, first.id)).toHaveAttribute("href", `/photography?image=${first.id}`);
  },
);

/** The thumbnails' boxes in document order. */
async function thumbnailBoxes(page: Page) {
  return page.locator(".gallery-thumb").evaluateAll((links) =>
    links.map((link) => {
      const { left, top, bottom } = link.getBoundingClientRect();
      return { left: Math.round(left), top: top + window.scrollY, bottom: bottom + window.scrollY };
    }),
  );
}

/** Checks the masonry: the first row holds the first photos left to right, and every column is evenly spaced. */
async function expectReadingOrderMasonry(page: Page, columns: number, gap: number) {
  const boxes = await thumbnailBoxes(page);
  const lefts = [...new Set(boxes.map((box) => box.left))].sort((a, b) => a - b);
  expect(lefts).toHaveLength(columns);
  const topRow = boxes.slice(0, columns);
  expect(topRow.map((box) => box.left)).toEqual(lefts);
  for (const box of topRow) expect(box.top).toBeCloseTo(topRow[0]!.top, 0);
  for (const left of lefts) {
    const column = boxes.filter((box) => box.left === left);
    for (let index = 1; index < column.length; index++) {
      expect(column[index]!.top - column[index - 1]!.bottom).toBeCloseTo(gap, 0);
    }
  }
}

test(
  "the masonry reads like text: the newest across the top row, one column on phones, two from 640px, three from 1024px",
  { tag: "@js-only" },
  async ({ page, server }) => {
    const images = await atLeast(server, PAGE_SIZE);
    await page.setViewportSize({ width: 1350, height: 900 });
    await page.goto("/photography");
    expect((await thumbnailIds(page)).slice(0, 3)).toEqual(images.slice(0, 3).map((image) => image.id));
    await expectReadingOrderMasonry(page, 3, 16);
    await page.setViewportSize({ width: 800, height: 900 });
    await expectReadingOrderMasonry(page, 2, 12);
    await page.setViewportSize({ width: 412, height: 915 });
    await expectReadingOrderMasonry(page, 1, 12);
  },
);

test(
  "on a phone, thumbnails past the top row are drawn only near the screen, their space kept at the photo's height",
  { tag: "@js-only" },
  async ({ page, server }) => {
    const images = await atLeast(server, PAGE_SIZE);
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto("/photography");
    const items = page.locator(".gallery-item");
    const visibility = (index: number) => items.nth(index).evaluate((item) => getComputedStyle(item).contentVisibility);
    for (const index of [0, 1, 2]) expect(await visibility(index)).toBe("visible");
    expect(await visibility(3)).toBe("auto");
    // The last item of the page is far below the screen: not drawn, yet as tall as its photo in the column.
    const last = images[PAGE_SIZE - 1]!;
    const box = (await items.nth(PAGE_SIZE - 1).boundingBox())!;
    expect(box.height).toBeCloseTo((box.width * last.height) / last.width, 0);
  },
);

test(
  "each batch the infinite scroll appends continues the same columns, with no seam",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // Infinite scroll needs JavaScript.
    await atLeast(server, 2 * PAGE_SIZE + 5);
    await page.setViewportSize({ width: 1350, height: 900 });
    await page.goto("/photography");
    await waitForHydration(page);
    await scrollToEnd(page);
    expect((await thumbnailIds(page)).length).toBeGreaterThan(2 * PAGE_SIZE);
    await expectReadingOrderMasonry(page, 3, 16);
  },
);

test(
  "infinite scroll loads every photo, showing the loading text, then says there are no more",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // Infinite scroll needs JavaScript; the no-JS test follows Load more.
    const images = await atLeast(server, 2 * PAGE_SIZE + 5);
    // The page fetches wait until the test has seen the loading text.
    let seenLoading!: () => void;
    const loadingSeen = new Promise<void>((resolve) => (seenLoading = resolve));
    await page.route("**/api/image?cursor=*", async (route) => {
      await loadingSeen;
      await route.continue();
    });
    await page.goto("/photography");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    expect(await thumbnailIds(page)).toHaveLength(PAGE_SIZE);

    await page.locator(".gallery-end").scrollIntoViewIfNeeded();
    await expect(page.getByText("Loading more images...")).toBeVisible();
    seenLoading();
    await scrollToEnd(page);
    await expect(page.getByText("Loading more images...")).toHaveCount(0);
    expect(await thumbnailIds(page)).toEqual(images.map((image) => image.id));
  },
);

test(
  "photos uploaded while scrolling are neither duplicated nor skipped",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // Infinite scroll needs JavaScript.
    const before = await atLeast(server, PAGE_SIZE + 5);
    await page.goto("/photography");
    await waitForHydration(page);
    // New photos go to the top of the list, shifting every page by three.
    await server.seed(3, { prefix: "Meanwhile" });
    await scrollToEnd(page);
    const shown = await thumbnailIds(page);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual(before.map((image) => image.id));
  },
);

test(
  "without JavaScript a Load more link pages through every photo",
  { tag: "@no-js-only" },
  async ({ page, server }) => {
    // With JavaScript the sentinel replaces the link.
    // Every photo of the worker's shared server, which grows with the suite: one page load per page of them.
    test.slow();
    const images = await atLeast(server, 2 * PAGE_SIZE + 5);
    await page.goto("/photography");
    const seen: number[] = [];
    for (;;) {
      seen.push(...(await thumbnailIds(page)));
      const more = page.getByRole("link", { name: "Load more" });
      if ((await more.count()) === 0) break;
      const next = await more.getAttribute("href");
      expect(next).toMatch(/^\/photography\?cursor=/);
      await more.click();
      // The next page, not the one still unloading, before counting again.
      await page.waitForURL((url) => url.pathname + url.search === next);
    }
    await expect(page.getByText("No more images to load.")).toBeVisible();
    expect(seen).toEqual(images.map((image) => image.id));
  },
);

test("an empty gallery says so", { tag: "@js-only" }, async ({ page }) => {
  const empty = await startServer();
  try {
    await page.goto(`${empty.url}/photography`);
    await expect(page.getByRole("heading", { name: "No images available" })).toBeVisible();
    await expect(page.getByText("Please check back later.")).toBeVisible();
    await expect(page.locator(".gallery-thumb")).toHaveCount(0);
    await expect(page.getByText("No more images to load.")).toHaveCount(0);
  } finally {
    await empty.stop();
  }
});

test("the admin sees the admin notice and a link to the admin page", { tag: "@js-only" }, async ({ page, server }) => {
  await atLeast(server, 1);
  await loginInBrowser(page);
  await page.goto("/photography");
  await expect(page.getByText("You are logged in as an admin.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Page" })).toHaveAttribute("href", "/photography/admin");
});
