import type { Locator, Page } from "@playwright/test";
import { expect, loginInBrowser, test, beforeFirstTest } from "./fixtures";
import { viewer, waitForHydration } from "./gallery-helpers";

const DESKTOP = { width: 1350, height: 900 };
const PHONE = { width: 412, height: 915 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function openViewer(page: Page, id: number, javaScriptEnabled: boolean, extra = "") {
  await page.goto(`/photography?image=${id}${extra}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(viewer(page)).toBeVisible();
  const photo = viewer(page).getByRole("img");
  await expect(photo).toBeVisible();
  return photo;
}

test.describe("the viewer puts the photo first", () => {
  let landscape: number;
  let portrait: number;
  beforeFirstTest(async (server) => {
    // Large photos (the template's library), so the viewer draws them as big as the screen allows.
    const description = "A photo, its caption long enough to wrap on a phone screen if it had to.";
    [landscape] = (await server.seed(1, { prefix: "Landscape", photo: "wide", description })) as [number];
    [portrait] = (await server.seed(1, { prefix: "Portrait", photo: "tall", description })) as [number];
    // Enough albums that the edit form's list of them is taller than the screen, whatever else the server holds.
    const headers = { Authorization: `Bearer ${await server.adminToken()}`, "Content-Type": "application/json" };
    for (let n = 1; n <= 24; n++) {
      const response = await fetch(`${server.url}/api/album`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: `Layout album ${n}` }),
      });
      expect(response.status).toBe(201);
    }
  });

  // Layout: the same CSS and markup with JavaScript or without (the controls only it runs are elsewhere), so once.
  test("on a phone the caption lines up with the photo's edges, under it", { tag: "@js-only" }, async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const id of [landscape, portrait]) {
      const photo = await openViewer(page, id, true);
      const caption = await box(page.locator(".viewer-info"));
      const image = await box(photo);
      expect(Math.abs(caption.x - image.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(caption.x + caption.width - (image.x + image.width))).toBeLessThanOrEqual(2);
      // The photo is centred in the space above the caption (viewer-geometry.spec.ts); the caption comes after it.
      expect(caption.y).toBeGreaterThanOrEqual(image.y + image.height);
      expect(image.width).toBeGreaterThan(PHONE.width * 0.9);
    }
  });

  test(
    "on a wide screen the caption sits in a side panel, and the photo fills the height it can",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      const photo = await openViewer(page, portrait, true);
      const image = await box(photo);
      const panel = await box(page.locator(".viewer-info"));
      expect(panel.x).toBeGreaterThanOrEqual(image.x + image.width);
      expect(panel.height).toBeGreaterThanOrEqual(DESKTOP.height - 1);
      expect(image.height).toBeGreaterThan(DESKTOP.height * 0.9);
    },
  );

  test(
    "previous and next never cover the caption, and the backdrop is solid",
    { tag: "@js-only" },
    async ({ page, server }) => {
      await server.seed(2);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await openViewer(page, landscape, true);
        const caption = await box(page.locator(".viewer-info"));
        for (const name of ["Previous image", "Next image"]) {
          const step = viewer(page).getByRole("link", { name });
          if ((await step.count()) === 0) continue;
          expect(overlaps(await box(step), caption)).toBe(false);
        }
        const backdrop = await viewer(page).evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(backdrop).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      }
    },
  );

  test("after Edit, every field and Save and Cancel are on screen", async ({ page, javaScriptEnabled }) => {
    await loginInBrowser(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const id of [landscape, portrait]) {
        await openViewer(page, id, javaScriptEnabled);
        await viewer(page).getByRole("link", { name: "Edit" }).click();
        const form = viewer(page).getByRole("form", { name: "Edit image" });
        await expect(form).toBeVisible();
        for (const control of [
          form.getByLabel("Name"),
          form.getByLabel("Description"),
          form.getByRole("button", { name: "Save" }),
          form.getByRole("link", { name: "Cancel" }),
        ]) {
          await expect(control).toBeInViewport({ ratio: 1 });
        }
        // The form holds the name and description: they are not repeated above it.
        await expect(viewer(page).locator(".viewer-description")).toHaveCount(0);
      }
    }
  });
});

test.describe("touch gestures", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: PHONE });

  /** A one-finger swipe through the browser's touch input, from one point to another. */
  async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
    const cdp = await page.context().newCDPSession(page);
    const steps = 8;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
    for (let step = 1; step <= steps; step++) {
      const point = { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps };
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  }

  test(
    "the photo follows the finger, and slides back when the swipe falls short",
    { tag: "@js-only" },
    async ({ page, server }) => {
      // Gestures need JavaScript.
      const [, middle] = await server.seed(3, { prefix: "Follow" });
      await openViewer(page, middle!, true);
      const frame = viewer(page).locator(".viewer-frame");
      const title = await viewer(page).getByRole("heading", { level: 2 }).textContent();
      const cdp = await page.context().newCDPSession(page);
      const y = 300;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 300, y }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 260, y }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 200, y }] });
      // Mid-gesture: the photo is 100 px to the left, where the finger took it.
      await expect(frame).toHaveCSS("translate", "-100px");
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: 280, y }] });
      await expect(frame).toHaveCSS("translate", "-20px");
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await cdp.detach();
      await expect(frame).toHaveCSS("translate", "none");
      await expect(viewer(page).getByRole("heading", { level: 2 })).toHaveText(title!);
    },
  );

  test(
    "swipe left for the next photo, right for the previous, down to close",
    { tag: "@js-only" },
    async ({ page, server }) => {
      // Gestures need JavaScript.
      const [older, middle, newer] = await server.seed(3, { prefix: "Swipe" });
      /** Waits until the viewer shows the photo, not only its URL, as a person would before swiping again. */
      async function expectShowing(id: number) {
        await expect(page).toHaveURL(new RegExp(`image=${id}$`));
        const { name } = (await (await fetch(`${server.url}/api/image/${id}`)).json()) as { name: string };
        await expect(viewer(page).getByRole("heading", { name, exact: true })).toBeVisible();
      }
      await openViewer(page, middle!, true);
      const centre = { x: PHONE.width / 2, y: 200 };
      const toLeft = [
        { x: centre.x + 120, y: centre.y },
        { x: centre.x - 120, y: centre.y },
      ] as const;
      const toRight = [toLeft[1], toLeft[0]] as const;
      // Newest first: the next photo is the older one.
      await swipe(page, ...toLeft);
      await expectShowing(older!);
      await swipe(page, ...toRight);
      await expectShowing(middle!);
      await swipe(page, ...toRight);
      await expectShowing(newer!);
      await swipe(page, { x: centre.x, y: 120 }, { x: centre.x, y: 420 });
      await expect(viewer(page)).toHaveCount(0);
    },
  );
});
