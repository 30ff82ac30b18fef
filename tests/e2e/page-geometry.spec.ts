// Geometry of the frame every page shares, at the desktop and the phone width: the site header at the top,
// across the whole width, above the page's own heading and never wider than the screen; its links 44 px tall
// on the phone; an error page's status line in the first screen.
import type { Page } from "@playwright/test";
import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";

const VIEWPORTS = [
  { name: "desktop", width: 1350, height: 900 },
  { name: "phone", width: 412, height: 915 },
] as const;

interface Frame {
  header: { top: number; left: number; width: number; bottom: number };
  headingTop: number;
  scrollWidth: number;
  linkHeights: number[];
}

function frame(page: Page): Promise<Frame> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const header = document.querySelector(".site-header")!.getBoundingClientRect();
    const heading = document.querySelector("main h1, h1")!.getBoundingClientRect();
    const links = [...document.querySelectorAll<HTMLElement>(".site-header a[href]")].filter((link) =>
      link.checkVisibility(),
    );
    return {
      header: { top: header.top, left: header.left, width: header.width, bottom: header.bottom },
      headingTop: heading.top,
      scrollWidth: document.documentElement.scrollWidth,
      linkHeights: links.map((link) => link.getBoundingClientRect().height),
    };
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(
      "the site header frames every page: home, gallery, albums, an album, admin, account and 404",
      { tag: "@js-only" },
      async ({ page, server }) => {
        const token = await server.adminToken();
        const created = await page.request.post("/api/album", {
          headers: { Authorization: `Bearer ${token}` },
          data: { name: `Geometry ${viewport.name}` },
        });
        const { slug } = (await created.json()) as { slug: string };
        await loginInBrowser(page);
        const pages = [
          "/",
          "/photography",
          "/photography/albums",
          `/photography/albums/${slug}`,
          "/photography/admin",
          "/photography/admin/account",
          "/no-such-page",
        ];
        for (const path of pages) {
          await page.goto(path);
          await waitForHydration(page);
          const { header, headingTop, scrollWidth, linkHeights } = await frame(page);
          expect(header.top, path).toBeCloseTo(0, 0);
          expect(header.left, path).toBeCloseTo(0, 0);
          expect(header.width, path).toBeCloseTo(viewport.width, 0);
          expect(headingTop, `${path}: the heading starts below the header`).toBeGreaterThanOrEqual(header.bottom);
          // It wraps on a phone, but keeps to a quarter of the screen.
          expect(header.bottom, path).toBeLessThanOrEqual(viewport.height / 4);
          expect(scrollWidth, `${path}: nothing wider than the screen`).toBeLessThanOrEqual(viewport.width);
          // Owner's name, three sections, Dashboard and Account.
          expect(linkHeights.length, path).toBe(7);
          if (viewport.name === "phone")
            for (const height of linkHeights) expect(height, path).toBeGreaterThanOrEqual(44);
        }
      },
    );

    test(
      "a missing album's error page shows its status line, 404 Not Found, in the first screen",
      { tag: "@js-only" },
      async ({ page }) => {
        const response = await page.goto("/photography/albums/no-such-album");
        expect(response?.status()).toBe(404);
        const status = page.getByRole("heading", { level: 2, name: "404 Not Found", exact: true });
        await expect(status).toBeInViewport({ ratio: 1 });
        const box = (await status.boundingBox())!;
        const header = (await page.locator(".site-header").boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      },
    );
  });
}

test.describe("on a phone, the gallery's controls", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true });

  test("sort links, photos and Load more are at least 44×44", async ({ page, server, javaScriptEnabled }) => {
    await server.seed(2, { prefix: "Geometry" });
    await page.goto("/photography");
    if (javaScriptEnabled) await waitForHydration(page);
    const controls = page.locator("main").locator("a[href], button").filter({ visible: true });
    const count = await controls.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const box = (await controls.nth(i).boundingBox())!;
      const what = (await controls.nth(i).textContent())?.trim() || (await controls.nth(i).getAttribute("aria-label"));
      expect.soft(Math.min(box.width, box.height), `${what}`).toBeGreaterThanOrEqual(44);
    }
  });
});
