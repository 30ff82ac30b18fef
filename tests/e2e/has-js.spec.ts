import type { Page } from "@playwright/test";
import { expect, loginInBrowser, test, waitForHydration, beforeFirstTest } from "./fixtures";
import { allImages } from "../support/images";
import { layoutShifts, nextFrames, recordLayoutShifts } from "./layout-shifts";
import { startHeldPageProxy } from "./held-page-proxy";

// More photos than one page, so the gallery has a next page: a "Load more" link without JavaScript.
beforeFirstTest(async (server) => {
  const missing = 30 - (await allImages(server.url)).length;
  if (missing > 0) await server.seed(missing);
});

/** Opens a page as the server drew it, with JavaScript on but the client bundle blocked: React never takes over. */
async function openWithoutReact(page: Page, path: string): Promise<void> {
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto(path);
}

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test("before React runs, the page already shows the JavaScript controls and none of the no-JavaScript ones", async ({
    page,
  }) => {
    await openWithoutReact(page, "/photography");
    await expect(page.locator("html")).toHaveClass(/\bhas-js\b/);
    await expect(page.locator(".gallery-end")).toBeVisible();
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    await expect(page.locator("a", { hasText: "Load more" })).toBeHidden();

    await openWithoutReact(page, "/sorting");
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();

    await openWithoutReact(page, "/life");
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Clear" })).toBeVisible();
    await expect(page.getByText("Click the board to draw or erase cells.")).toBeVisible();

    await loginInBrowser(page);
    await openWithoutReact(page, "/photography/admin");
    await expect(
      page.getByRole("button", { name: "Drag 'n' drop some files here, or click to select files" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Uploaded Images" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upload Images" })).toHaveCount(1);
    await expect(page.getByLabel("Images", { exact: true })).toBeHidden();
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
  });

  test("the no-JavaScript controls are never drawn, from the first frame through hydration", async ({ page }) => {
    // Checks every frame the browser draws (and DOMContentLoaded) whether a "Load more" link has a box.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { loadMoreSeen: string[] }).loadMoreSeen = seen;
      const check = (moment: string) => {
        const links = [...document.querySelectorAll("a")].filter((a) => a.textContent === "Load more");
        if (links.some((a) => a.getClientRects().length > 0)) seen.push(moment);
      };
      const frame = () => {
        check("frame");
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      document.addEventListener("DOMContentLoaded", () => check("DOMContentLoaded"));
    });
    await page.goto("/photography");
    await waitForHydration(page);
    // React leaves the class the inline script set alone.
    await expect(page.locator("html")).toHaveClass(/\bhas-js\b/);
    expect(await page.evaluate(() => (window as unknown as { loadMoreSeen: string[] }).loadMoreSeen)).toEqual([]);
  });

  test("hydration moves nothing: no layout shift on the pages whose controls depend on JavaScript", async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    await loginInBrowser(page);
    for (const path of ["/sorting", "/life", "/photography/admin"]) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      await nextFrames(page);
      expect(await layoutShifts(page), path).toEqual([]);
    }
  });

  test("a page that arrives in pieces is drawn whole: its first frame has the footer, and nothing moves", async ({
    page,
    server,
  }) => {
    await recordLayoutShifts(page);
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameHadFooter: boolean }).firstFrameHadFooter =
          document.getElementById("site-footer") !== null;
      });
    });
    // The first piece ends after the header's first link: drawn alone, the header would move when the rest came.
    const proxy = await startHeldPageProxy(server.url, 'class="site-header__nav"', "</a>");
    try {
      await page.goto(`${proxy.url}/sorting`, { waitUntil: "commit" });
      // Polled on a timer: no animation frame runs while the page holds its drawing back.
      await page.waitForFunction(() => document.querySelector(".site-header__nav a"), null, { polling: 50 });
      // A page that does not ask the browser to wait is drawn at its next frame: wait for that frame, so such a page
      // fails here every time rather than when a frame happens to come before the rest.
      await page.waitForFunction(
        () => "firstFrameHadFooter" in window || document.querySelector('link[rel="expect"][blocking="render"]'),
        null,
        { polling: 50 },
      );
      proxy.release();
      await page.waitForLoadState("load");
      await nextFrames(page);
      expect(
        await page.evaluate(() => (window as unknown as { firstFrameHadFooter: boolean }).firstFrameHadFooter),
      ).toBe(true);
      expect(await layoutShifts(page)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  test("a text font that arrives after the first paint moves nothing: the page keeps its stand-in", async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    // Held until the page is drawn and running, as on a slow phone; a swap would widen the header and the buttons.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.woff2", async (route) => {
      await held;
      await route.continue();
    });
    // The preloaded font holds the load event back, and the page's scripts with it: wait for the drawn page.
    await page.goto("/sorting", { waitUntil: "commit" });
    await expect(page.getByRole("button", { name: "Show" })).toBeVisible();
    await nextFrames(page);
    const font = page.waitForResponse(/\.woff2/);
    release();
    await (await font).finished();
    await waitForHydration(page);
    await nextFrames(page);
    expect(await layoutShifts(page)).toEqual([]);
  });
});

test.describe("without JavaScript", { tag: "@no-js-only" }, () => {
  test("the page is marked as without JavaScript and shows the no-JavaScript controls", async ({ page }) => {
    await page.goto("/photography");
    await expect(page.locator("html")).not.toHaveClass(/\bhas-js\b/);
    await expect(page.getByRole("link", { name: "Load more" })).toBeVisible();
  });

  test("the JavaScript-only controls are out of sight, of the accessibility tree and of the tab order", async ({
    page,
  }) => {
    await page.goto("/sorting");
    await expect(page.locator("button", { hasText: "Play" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Play" })).toHaveCount(0);
    await page.getByRole("link", { name: "Last step" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.locator("button", { hasText: "Play" })).not.toBeFocused();

    await page.goto("/life");
    for (const name of ["Play", "Clear"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
    await expect(page.getByText("Click the board to draw or erase cells.")).toBeHidden();

    await loginInBrowser(page);
    await page.goto("/photography/admin");
    await expect(page.getByLabel("Images", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upload Images" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: /Drag 'n' drop/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Uploaded Images" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Upload all" })).toHaveCount(0);
  });
});

test(
  "a page the browser revalidates (304) keeps the nonce of its copy, so its scripts still run",
  { tag: "@js-only" },
  async ({ page }) => {
    const revalidations: boolean[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document")
        void request.allHeaders().then((headers) => revalidations.push("if-none-match" in headers));
    });
    for (let visit = 0; visit < 2; visit++) {
      await page.goto("/photography");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(/has-js/);
    }
    // The second visit asked with the copy's ETag (and got a 304, see caching.test.ts).
    await expect.poll(() => revalidations).toEqual([false, true]);
  },
);
