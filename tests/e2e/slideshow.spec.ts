import type { Page } from "@playwright/test";
import { allImages } from "../support/images";
import { expect, startSeedableServer, test, waitForHydration } from "./fixtures";
import { viewer } from "./gallery-helpers";

const SLIDE_MS = 5000;

/**
 * The page's clock is Playwright's: it stands still once the viewer is open,
 * so a photo changes only when the test lets slideshow time pass.
 */
async function openPaused(page: Page, url: string) {
  await page.clock.install();
  await page.goto(url);
  await waitForHydration(page);
  await expect(viewer(page)).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
}

async function expectShowing(page: Page, name: string) {
  // While it plays the caption is hidden: the photo's own title is still there, naming the dialog.
  await expect(viewer(page).getByRole("heading", { level: 2, name, exact: true, includeHidden: true })).toBeAttached();
}

const play = (page: Page) => viewer(page).getByRole("button", { name: "Play slideshow" });
const pause = (page: Page) => viewer(page).getByRole("button", { name: "Pause slideshow" });

test("without JavaScript there is no Play or Full screen button", { tag: "@no-js-only" }, async ({ page, server }) => {
  // The buttons are JavaScript's.
  const [id] = await server.seed(1, { prefix: "Still" });
  await page.goto(`/photography?image=${id}`);
  await expect(viewer(page)).toBeVisible();
  await expect(viewer(page).getByRole("button", { name: /slideshow/ })).toHaveCount(0);
  await expect(viewer(page).getByRole("button", { name: /full screen/i })).toHaveCount(0);
});

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  // The slideshow needs JavaScript.

  test("the viewer's own Full screen button, outside the slideshow; a slideshow started full screen stays so", async ({
    page,
    server,
  }) => {
    const [id] = await server.seed(2, { prefix: "Large" });
    await openPaused(page, `/photography?image=${id}`);
    const fullscreenRole = () => page.evaluate(() => document.fullscreenElement?.getAttribute("role") ?? null);
    await viewer(page).getByRole("button", { name: "Full screen" }).click();
    await expect.poll(fullscreenRole).toBe("dialog");
    // Not a slideshow: the caption, the arrows and Play stay.
    await expect(viewer(page).locator(".viewer-info")).toBeVisible();
    await expect(play(page)).toBeVisible();
    await viewer(page).getByRole("button", { name: "Exit full screen" }).click();
    await expect.poll(fullscreenRole).toBeNull();
    await expect(viewer(page)).toBeVisible();

    await viewer(page).getByRole("button", { name: "Full screen" }).click();
    await expect.poll(fullscreenRole).toBe("dialog");
    await play(page).click();
    await pause(page).click();
    await expect(viewer(page).getByRole("button", { name: "Exit full screen" })).toBeVisible();
    expect(await fullscreenRole()).toBe("dialog");
  });

  test("plays through the list every 5 s, loading the next page, and stops after the last photo", async ({ page }) => {
    // A server of its own with 26 uploads: more than the default budget on a busy machine.
    test.slow();
    const own = await startSeedableServer();
    try {
      await own.seed(26, { prefix: "Slide" });
      const images = await allImages(own.url);
      await openPaused(page, `${own.url}/photography?image=${images[22]!.id}`);
      await play(page).click();
      await expect(pause(page)).toBeVisible();

      await page.clock.runFor(SLIDE_MS - 100);
      await expectShowing(page, images[22]!.name);
      await page.clock.runFor(100);
      await expectShowing(page, images[23]!.name);
      // The last photo of the first page: the next page is fetched on the way.
      await page.clock.runFor(SLIDE_MS);
      await expectShowing(page, images[24]!.name);
      await page.clock.runFor(SLIDE_MS);
      await expectShowing(page, images[25]!.name);
      await page.clock.runFor(SLIDE_MS);
      await expect(play(page)).toBeVisible();
      await expectShowing(page, images[25]!.name);
    } finally {
      await own.stop();
    }
  });

  test("holds while the tab is hidden", async ({ page, server }) => {
    const [, second, first] = await server.seed(3, { prefix: "Hold" });
    await openPaused(page, `/photography?image=${first}`);
    const names = await allImages(server.url);
    const nameOf = (id: number) => names.find((image) => image.id === id)!.name;
    await play(page).click();
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(SLIDE_MS * 2);
    await expectShowing(page, nameOf(first!));
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(SLIDE_MS);
    await expectShowing(page, nameOf(second!));
  });

  test("plays full screen with a counter of the whole list, the caption and arrows hidden; Escape returns", async ({
    page,
    server,
  }) => {
    await server.seed(3, { prefix: "Screen" });
    // Newest first, as the gallery lists them; other tests' photos count too.
    const images = await allImages(server.url);
    const total = images.length;
    await openPaused(page, `/photography?image=${images[1]!.id}`);
    await expect(viewer(page).locator(".viewer-info")).toBeVisible();
    await play(page).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute("role"))).toBe("dialog");
    await expect(viewer(page).getByText(`2 / ${total}`, { exact: true })).toBeAttached();
    await expect(viewer(page).locator(".viewer-info")).toBeHidden();
    await expect(viewer(page).getByRole("link", { name: "Next image" })).toBeHidden();
    await page.clock.runFor(SLIDE_MS);
    await expect(viewer(page).getByText(`3 / ${total}`, { exact: true })).toBeAttached();

    await page.keyboard.press("Escape");
    await expect(play(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await expect(viewer(page)).toBeVisible();
    await expect(viewer(page).locator(".viewer-info")).toBeVisible();
    await expectShowing(page, images[2]!.name);
  });

  test("counts the gallery as it grows (its total is kept only until the photos change)", async ({ page, browser }) => {
    const own = await startSeedableServer();
    try {
      const [older, newer] = (await own.seed(2, { prefix: "Counted" })) as [number, number];
      expect(newer).toBeGreaterThan(older);
      await openPaused(page, `${own.url}/photography?image=${newer}`);
      await play(page).click();
      await expect(viewer(page).getByText("1 / 2", { exact: true })).toBeAttached();

      await own.seed(1, { prefix: "Counted later" });
      // Another visitor: a page of the same context would share its clock, paused, and never hydrate.
      const visitor = await browser.newContext();
      const again = await visitor.newPage();
      await openPaused(again, `${own.url}/photography?image=${newer}`);
      await play(again).click();
      await expect(viewer(again).getByText("2 / 3", { exact: true })).toBeAttached();
      await visitor.close();
    } finally {
      await own.stop();
    }
  });

  test("the album page offers its slideshow, counted in the album", async ({ page, server }) => {
    const ids = await server.seed(3, { prefix: "Trip" });
    const headers = { Authorization: `Bearer ${await server.adminToken()}` };
    const album = (await (await page.request.post("/api/album", { data: { name: "Trip" }, headers })).json()) as {
      id: number;
      slug: string;
    };
    for (const id of ids) {
      const response = await page.request.put(`/api/image/${id}`, { data: { albumIds: [album.id] }, headers });
      expect(response.status()).toBe(200);
    }
    await page.goto(`/photography/albums/${album.slug}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Slideshow" }).click();
    await expect(pause(page)).toBeVisible();
    await expect(viewer(page).getByText("1 / 3", { exact: true })).toBeAttached();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute("role"))).toBe("dialog");
    await pause(page).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await expect(viewer(page)).toBeVisible();
  });

  test("stops on Pause and on a navigation key, and fades only without reduced motion", async ({ page, server }) => {
    const [third, second, first] = await server.seed(3, { prefix: "Stop" });
    const names = await allImages(server.url);
    const nameOf = (id: number) => names.find((image) => image.id === id)!.name;
    await openPaused(page, `/photography?image=${first}`);
    const photo = viewer(page).locator(".viewer-frame > picture");

    await play(page).click();
    await expect(photo).toHaveCSS("animation-name", "viewer-in");
    await pause(page).click();
    await page.clock.runFor(SLIDE_MS * 2);
    await expectShowing(page, nameOf(first!));
    await expect(photo).toHaveCSS("animation-name", "none");

    await play(page).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.keyboard.press("ArrowRight");
    await expectShowing(page, nameOf(second!));
    await expect(play(page)).toBeVisible();
    await page.clock.runFor(SLIDE_MS * 2);
    await expectShowing(page, nameOf(second!));

    await page.emulateMedia({ reducedMotion: "reduce" });
    await play(page).click();
    await page.clock.runFor(SLIDE_MS);
    await expectShowing(page, nameOf(third!));
    expect(
      Number.parseFloat(await photo.evaluate((element) => getComputedStyle(element).animationDuration)),
    ).toBeLessThan(0.001);
  });
});
