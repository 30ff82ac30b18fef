// The viewer leads with the photo (issue 19): centred in the space the caption leaves and filling at least 85 % of
// it, controls that fade while the pointer rests, an "i" toggle for the caption, quiet dates, arrows that read on
// any photo.
import type { Locator, Page } from "@playwright/test";
import { CAMERA_LINE } from "../support/camera";
import { expect, test, beforeFirstTest } from "./fixtures";
import { viewer, waitForHydration } from "./gallery-helpers";

const DESKTOP = { width: 1350, height: 900 };
const PHONE = { width: 412, height: 915 };
const IDLE_MS = 2500;

async function rect(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box;
}

async function open(page: Page, id: number, javaScriptEnabled: boolean) {
  await page.goto(`/photography?image=${id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  const photo = viewer(page).getByRole("img");
  await expect(photo).toBeVisible();
  return photo;
}

/** The space the photo may fill: left of the side panel on a wide screen, above the caption on a phone. */
async function photoSpace(page: Page, size: typeof DESKTOP) {
  const caption = await rect(page.locator(".viewer-info"));
  return size === DESKTOP
    ? { x: 0, y: 0, width: caption.x, height: size.height }
    : { x: 0, y: 0, width: size.width, height: caption.y };
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}
function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
/** A computed colour (`rgb()`, `rgba()`, or `color(srgb …)` from a color-mix) drawn over an opaque one. */
function over(css: string, under: number[]): number[] {
  const unit = css.startsWith("color(srgb") ? 255 : 1;
  const [r, g, b, a = 1] = css
    .replace("color(srgb", "")
    .replace("/", " ")
    .match(/[\d.]+/g)!
    .map(Number);
  return [r!, g!, b!].map((channel, i) => channel * unit * a + under[i]! * (1 - a));
}

test.describe("the photo fills its space", () => {
  let landscape: number;
  let portrait: number;
  beforeFirstTest(async (server) => {
    [landscape] = (await server.seed(1, { prefix: "Wide", photo: "wide" })) as [number];
    [portrait] = (await server.seed(1, { prefix: "Tall", photo: "tall" })) as [number];
  });

  // Geometry and colour: the same CSS and markup with JavaScript or without, so once (the toggle only the script
  // runs, and the caption without it, are checked below).
  for (const size of [DESKTOP, PHONE]) {
    test(
      `at ${size.width}×${size.height}: centred within 2 px, at least 85 % of the width or height`,
      { tag: "@js-only" },
      async ({ page }) => {
        await page.setViewportSize(size);
        for (const id of [landscape, portrait]) {
          const photo = await rect(await open(page, id, true));
          const space = await photoSpace(page, size);
          const share = Math.max(photo.width / space.width, photo.height / space.height);
          expect(share, `photo ${id}`).toBeGreaterThanOrEqual(0.85);
          expect(Math.abs(photo.x + photo.width / 2 - (space.x + space.width / 2)), `photo ${id}`).toBeLessThanOrEqual(
            2,
          );
          expect(
            Math.abs(photo.y + photo.height / 2 - (space.y + space.height / 2)),
            `photo ${id}`,
          ).toBeLessThanOrEqual(2);
        }
      },
    );
  }

  test(
    "the dates and size are quieter than the name, description and camera line, and still pass AA",
    { tag: "@js-only" },
    async ({ page, server }) => {
      // The library's camera photo: its EXIF read at the template's upload, camera line and date taken.
      const [id] = (await server.seed(1, {
        prefix: "With camera",
        photo: "camera",
        description: "A photo with its camera line.",
      })) as [number];
      await page.setViewportSize(DESKTOP);
      await open(page, id, true);
      const panel = await page.locator(".viewer-info").evaluate((element) => getComputedStyle(element).backgroundColor);
      const background = over(panel, [0, 0, 0]);
      const look = async (locator: Locator) => {
        const { color, fontSize } = await locator.evaluate((element) => getComputedStyle(element));
        return { contrast: contrast(over(color, background), background), fontSize: Number.parseFloat(fontSize) };
      };
      const louder = [
        await look(viewer(page).getByRole("heading", { level: 2 })),
        await look(viewer(page).getByText("A photo with its camera line.")),
        await look(viewer(page).getByText(CAMERA_LINE)),
      ];
      for (const text of [/^Uploaded: /, /^Size: /, /^Taken: /]) {
        const quiet = await look(viewer(page).getByText(text));
        expect(quiet.contrast).toBeGreaterThanOrEqual(4.5);
        for (const loud of louder) {
          expect(quiet.fontSize).toBeLessThan(loud.fontSize);
          expect(quiet.contrast).toBeLessThan(loud.contrast);
        }
      }
    },
  );

  test(
    "previous and next keep 3:1 against a white and a black photo",
    { tag: "@js-only" },
    async ({ page, server }) => {
      await server.seed(1, { prefix: "Neighbour" });
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await open(page, landscape, true);
        const icons = viewer(page).locator(".viewer-step__icon");
        expect(await icons.count()).toBeGreaterThan(0);
        for (const icon of await icons.all()) {
          const { background, glyph } = await icon.evaluate((element) => ({
            background: getComputedStyle(element).backgroundColor,
            glyph: getComputedStyle(element).color,
          }));
          for (const photo of [
            [255, 255, 255],
            [0, 0, 0],
          ]) {
            const disc = over(background, photo);
            expect(contrast(over(glyph, disc), disc)).toBeGreaterThanOrEqual(3);
          }
        }
      }
    },
  );

  test.describe("with JavaScript", { tag: "@js-only" }, () => {
    // The fade and the toggle are the script's.

    test("the controls fade while the pointer rests, and come back on movement and on Tab", async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.clock.install();
      await open(page, landscape, true);
      const close = viewer(page).getByRole("link", { name: "Close" });
      const opacity = () => close.evaluate((element) => Number(getComputedStyle(element).opacity));
      await expect.poll(opacity).toBe(1);
      await page.clock.pauseAt(Date.now() + IDLE_MS + 1000);
      await expect.poll(opacity).toBe(0);
      await expect(viewer(page)).toHaveCSS("cursor", "none");

      await page.mouse.move(300, 300);
      await expect.poll(opacity).toBe(1);
      await page.clock.runFor(IDLE_MS + 100);
      await expect.poll(opacity).toBe(0);

      // A keyboard user on a control keeps them all, however long they wait.
      await page.keyboard.press("Tab");
      await expect.poll(opacity).toBe(1);
      await page.clock.runFor(IDLE_MS * 3);
      await expect(viewer(page)).not.toHaveClass(/viewer--idle/);
      await expect.poll(opacity).toBe(1);
    });

    test("the fade is instant with reduced motion", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, landscape, true);
      const duration = await viewer(page)
        .getByRole("link", { name: "Close" })
        .evaluate((element) => Number.parseFloat(getComputedStyle(element).transitionDuration));
      expect(duration).toBeLessThan(0.001);
    });

    test("the i toggle folds the caption away, and the photo takes its space", async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      const photo = await open(page, landscape, true);
      const details = viewer(page).getByRole("button", { name: "Details" });
      await expect(details).toHaveAttribute("aria-expanded", "true");
      const before = await rect(photo);
      await details.click();
      await expect(details).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator(".viewer-info")).toBeHidden();
      await expect.poll(async () => (await rect(photo)).width).toBeGreaterThan(before.width);
      const after = await rect(photo);
      expect(after.width / DESKTOP.width).toBeGreaterThanOrEqual(0.85);
      expect(Math.abs(after.x + after.width / 2 - DESKTOP.width / 2)).toBeLessThanOrEqual(2);
      await details.click();
      await expect(page.locator(".viewer-info")).toBeVisible();
    });
  });

  test("without JavaScript the caption shows and there is no toggle", { tag: "@no-js-only" }, async ({ page }) => {
    await open(page, landscape, false);
    await expect(page.locator(".viewer-info")).toBeVisible();
    await expect(viewer(page).getByRole("button", { name: "Details" })).toHaveCount(0);
  });
});
