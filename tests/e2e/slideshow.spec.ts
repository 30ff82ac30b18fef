import type { Page } from "@playwright/test";
import { allImages } from "../support/images";
import { expect, loginInBrowser, startSeedableServer, test, waitForHydration } from "./fixtures";
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
  await expect(viewer(page).getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
}

const play = (page: Page) => viewer(page).getByRole("button", { name: "Play slideshow" });
const pause = (page: Page) => viewer(page).getByRole("button", { name: "Pause slideshow" });

test("without JavaScript there is no Play button", async ({ page, server, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the button is JavaScript's");
  const [id] = await server.seed(1, { prefix: "Still" });
  await page.goto(`/photography?image=${id}`);
  await expect(viewer(page)).toBeVisible();
  await expect(viewer(page).getByRole("button", { name: /slideshow/ })).toHaveCount(0);
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the slideshow needs JavaScript");

  test("plays through the list every 5 s, loading the next page, and stops after the last photo", async ({ page }) => {
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

  test("holds while the caption is hovered, the tab is hidden or the admin's caption has focus", async ({
    page,
    server,
  }) => {
    const [, second, first] = await server.seed(3, { prefix: "Hold" });
    await loginInBrowser(page);
    await openPaused(page, `/photography?image=${first}`);
    const names = await allImages(server.url);
    const nameOf = (id: number) => names.find((image) => image.id === id)!.name;
    await play(page).click();

    await viewer(page).locator(".viewer-info").hover();
    await page.clock.runFor(SLIDE_MS * 2);
    await expectShowing(page, nameOf(first!));
    await page.mouse.move(5, 880);
    await page.clock.runFor(SLIDE_MS);
    await expectShowing(page, nameOf(second!));

    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(SLIDE_MS * 2);
    await expectShowing(page, nameOf(second!));
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
      document.dispatchEvent(new Event("visibilitychange"));
    });

    await viewer(page).getByRole("link", { name: "Edit" }).focus();
    await page.clock.runFor(SLIDE_MS * 2);
    await expectShowing(page, nameOf(second!));
    await expect(pause(page)).toBeVisible();
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
