// Closing the viewer leaves the gallery where it was (record 050 stops drawing the grid behind the open viewer, and
// closing steps back to the gallery's history entry): the photo last shown is on screen and focused, and the page
// did not scroll to the top or elsewhere.
import type { Page } from "@playwright/test";
import { allImages } from "../support/images";
import { expect, test, beforeFirstTest } from "./fixtures";
import { scrollToEnd, thumbnail, thumbnailIds, viewer, waitForHydration } from "./gallery-helpers";

/**
 * Each case on both screens and with both ways to close, in pairs rather than every combination: Escape and the Close
 * link call the same close, and the screen is what moves the page.
 */
const SIZES = [
  { name: "desktop", width: 1350, height: 900, closeStayingPut: "the Close link", closeScrolling: "Escape" },
  { name: "phone", width: 412, height: 915, closeStayingPut: "Escape", closeScrolling: "the Close link" },
] as const;

// Every test here is tagged @js-only. Without JavaScript, Close is a link to the gallery page.

beforeFirstTest(async (server) => {
  test.setTimeout(180_000);
  if ((await allImages(server.url)).length < 30) await server.seed(30);
});

/**
 * Whether the thumbnail is wholly inside the window, to within a pixel: the browser scrolls by whole pixels and a
 * photo's edges fall between them, so a thumbnail scrolled into view may end up to half a pixel past the edge.
 */
async function onScreen(page: Page, id: number): Promise<boolean> {
  return thumbnail(page, id).evaluate((link) => {
    const box = link.getBoundingClientRect();
    return box.top >= -1 && box.bottom <= window.innerHeight + 1;
  });
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The gallery scrolled to its end (every photo listed), then back so that `ids[index]` sits at the `edge` of the screen. */
async function galleryAt(page: Page, edge: "start" | "end"): Promise<number[]> {
  await page.goto("/photography");
  await waitForHydration(page);
  await scrollToEnd(page);
  const ids = await thumbnailIds(page);
  expect(ids.length).toBeGreaterThanOrEqual(30);
  await thumbnail(page, ids[ids.length - 12]!).evaluate((link, block) => link.scrollIntoView({ block }), edge);
  await expect(thumbnail(page, ids[ids.length - 12]!)).toBeVisible();
  return ids;
}

async function stepAndClose(page: Page, ids: number[], from: number, to: number, close: string): Promise<void> {
  await thumbnail(page, ids[from]!).click();
  await expect(viewer(page)).toBeVisible();
  for (let index = from + 1; index <= to; index++) {
    await viewer(page).getByRole("link", { name: "Next image" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("image")).toBe(String(ids[index]));
  }
  if (close === "Escape") await page.keyboard.press("Escape");
  else await viewer(page).getByRole("link", { name: "Close" }).click();
  await expect(viewer(page)).toHaveCount(0);
  await expect(thumbnail(page, ids[to]!)).toBeFocused();
}

for (const size of SIZES) {
  test.describe(size.name, { tag: "@js-only" }, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`far down the gallery, two Nexts to a photo on screen, then ${size.closeStayingPut}: the page stays put`, async ({
      page,
    }) => {
      test.slow();
      const ids = await galleryAt(page, "start");
      const from = ids.length - 12;
      const to = from + 2;
      // The opened photo at the top of the screen: the one two steps on is on screen too, so nothing need move.
      expect(await onScreen(page, ids[to]!)).toBe(true);
      const before = await scrollY(page);
      expect(before).toBeGreaterThan(size.height);
      await stepAndClose(page, ids, from, to, size.closeStayingPut);
      await expect.poll(() => onScreen(page, ids[to]!)).toBe(true);
      await expect.poll(() => scrollY(page)).toBe(before);
    });

    test(`Next to a photo below the screen, then ${size.closeScrolling}: the page scrolls down to it, no further`, async ({
      page,
    }) => {
      test.slow();
      const ids = await galleryAt(page, "end");
      const from = ids.length - 12;
      let to = from + 1;
      while (await onScreen(page, ids[to]!)) to++;
      const before = await scrollY(page);
      await stepAndClose(page, ids, from, to, size.closeScrolling);
      // Closing steps back in history; the browser may restore and scroll a frame later on a busy machine.
      await expect.poll(() => onScreen(page, ids[to]!)).toBe(true);
      const after = await scrollY(page);
      expect(after).toBeGreaterThan(before);
      // Just far enough to show it: the photo is not scrolled past the top of the screen.
      expect(after - before).toBeLessThan(size.height);
    });
  });
}
