import { sampleLinks, sampleProfile } from "../../app/server/site/sample-site";
import { expect, test, waitForHydration } from "./fixtures";
import { layoutShifts, nextFrames, recordLayoutShifts } from "./layout-shifts";

test(
  "the owner's tagline is under the name, and every page ends with the footer's links and year",
  { tag: "@js-only" },
  async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText(sampleProfile.tagline, { exact: true })).toBeVisible();
    for (const path of ["/", "/photography", "/sorting", "/no-such-page"]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${sampleProfile.name}`);
      await expect(footer.getByRole("link", { name: /GitHub/ })).toHaveAttribute("href", sampleLinks[0]!.url);
      await expect(footer.getByRole("link", { name: "CV" })).toHaveAttribute("href", "/cv.pdf");
    }
  },
);

test("the pause switch stops the technology strip, with or without JavaScript", async ({ page }) => {
  await page.goto("/");
  const playState = () =>
    page.locator(".tech-strip__track").evaluate((track) => track.getAnimations()[0]?.playState ?? "none");
  await expect.poll(playState).toBe("running");
  const pause = page.getByRole("checkbox", { name: "Pause the moving technology strip" });
  const button = page.locator("label.tech-strip__switch");
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await button.click();
  await expect(pause).toBeChecked();
  await expect.poll(playState).toBe("paused");
  await button.click();
  await expect.poll(playState).toBe("running");
});

test("on a wide screen no project card is left alone in its row", { tag: "@js-only" }, async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 900 });
  await page.goto("/");
  const cards = await page.getByRole("article").evaluateAll((articles) =>
    articles.map((article) => ({
      top: article.getBoundingClientRect().top,
      width: article.getBoundingClientRect().width,
    })),
  );
  const full = Math.max(...cards.map((card) => card.width));
  for (const card of cards) {
    if (card.width > full * 0.9) continue;
    const rowMates = cards.filter((other) => Math.abs(other.top - card.top) < 1);
    expect(rowMates).toHaveLength(2);
  }
});

test(
  "the project cards never move once drawn: their places hold whatever part of the page has arrived",
  { tag: "@js-only" },
  async ({ page }) => {
    await page.setViewportSize({ width: 1350, height: 900 });
    await recordLayoutShifts(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await nextFrames(page);
    expect(await layoutShifts(page)).toEqual([]);

    // A page streams in: the browser draws the cards that have arrived before the rest. Whether the last cards are
    // there yet must not change where the first ones are (0.078 was measured when a selector counted them).
    const places = () =>
      page.locator("article.project-card").evaluateAll((cards) =>
        cards.map((card) => {
          const { x, y, width, height } = card.getBoundingClientRect();
          return { x, y, width, height };
        }),
      );
    const whole = await places();
    expect(whole.length).toBeGreaterThan(2);
    for (let arrived = whole.length - 1; arrived > 0; arrived--) {
      await page
        .locator("article.project-card")
        .last()
        .evaluate((card) => card.remove());
      expect(await places(), `${arrived} cards arrived`).toEqual(whole.slice(0, arrived));
    }
  },
);

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 412, height: 915 } });

  test(
    "card pictures are whole and uncovered, Demo and Code are buttons in the card",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      const cards = page.getByRole("article");
      const count = await cards.count();
      for (let index = 0; index < count; index++) {
        const card = cards.nth(index);
        await card.scrollIntoViewIfNeeded();
        const media = card.locator("img, video").first();
        // Nothing is drawn on the picture: at its centre is the picture, or the card's own (transparent) title link.
        const onTop = await media.evaluate((element) => {
          const { left, top, width, height } = element.getBoundingClientRect();
          const hit = document.elementFromPoint(left + width / 2, top + height / 2);
          return hit === element || (hit?.classList.contains("card__link") ?? false);
        });
        expect(onTop).toBe(true);
        // Whole: drawn in its own shape, so nothing is cropped.
        const box = (await media.boundingBox())!;
        const natural = Number(await media.getAttribute("width")) / Number(await media.getAttribute("height"));
        expect(box.width / box.height).toBeCloseTo(natural, 1);
        const demo = card.getByRole("link", { name: /^Demo: / });
        await expect(demo).toBeVisible();
        const demoBox = (await demo.boundingBox())!;
        expect(demoBox.y).toBeGreaterThan(box.y + box.height);
        expect(demoBox.height).toBeGreaterThanOrEqual(44);
      }
    },
  );
});
