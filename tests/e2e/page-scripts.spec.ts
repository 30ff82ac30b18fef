// A page's scripts wait until its first photo is on screen (issue 19, record 052), and start at once when someone
// reaches for the page before that.
import type { Page } from "@playwright/test";
import { expect, holdRequests, test, waitForHydration, beforeFirstTest } from "./fixtures";

// Every test here is tagged @js-only. About when scripts start.

beforeFirstTest(async (server) => {
  await server.seed(4, { prefix: "Scripts" });
});

/** The paths of the requests the page makes, in order. */
function recordRequests(page: Page) {
  const paths: string[] = [];
  page.on("request", (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

const isScript = (path: string) => /^\/assets\/.+\.js$/.test(path);

test(
  "no script is asked for while the first photo loads; once it is in, the page hydrates",
  { tag: "@js-only" },
  async ({ page }) => {
    // Records, in order, the module preloads and module scripts added to the page. (React Router drops the preloads on
    // its first update after hydration, which may come before the test could look at the head.)
    await page.addInitScript(() => {
      const added: string[] = [];
      Object.assign(window, { addedModules: added });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            if (node instanceof HTMLLinkElement && node.rel === "modulepreload") added.push(node.getAttribute("href")!);
            if (node instanceof HTMLScriptElement && node.type === "module") added.push("module script");
          }
      }).observe(document, { childList: true, subtree: true });
    });
    const releasePhotos = await holdRequests(page, "**/media/**");
    const requests = recordRequests(page);
    await page.goto("/photography", { waitUntil: "domcontentloaded" });
    await expect.poll(() => requests.some((path) => path.startsWith("/media/"))).toBe(true);
    expect(requests.filter(isScript)).toEqual([]);
    const held = await page
      .locator("script[data-modules]")
      .evaluate((starter) => JSON.parse((starter as HTMLScriptElement).dataset.modules!) as string[]);
    expect(held.length).toBeGreaterThan(1);

    releasePhotos();
    // The page's own start: on the photo's paint.
    await waitForHydration(page, { startScripts: false });
    // The page starts its scripts from the preloads the server took out, put back before the module script.
    const added = await page.evaluate(() => (window as unknown as { addedModules: string[] }).addedModules);
    expect(added.slice(0, held.length + 1)).toEqual([...held, "module script"]);
    const paths = held.map((href) => new URL(href, "http://any").pathname);
    expect(requests.filter(isScript)).toEqual(expect.arrayContaining(paths));
  },
);

test(
  "a key pressed while the first photo is still loading starts the scripts at once",
  { tag: "@js-only" },
  async ({ page }) => {
    const releasePhotos = await holdRequests(page, "**/media/**");
    const requests = recordRequests(page);
    await page.goto("/photography", { waitUntil: "domcontentloaded" });
    expect(requests.filter(isScript)).toEqual([]);
    await page.keyboard.press("Shift");
    await waitForHydration(page, { startScripts: false });
    releasePhotos();
  },
);
