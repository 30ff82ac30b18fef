// A photo's deep link on a phone (issue 19): the photo comes first, as AVIF where its variants are wide enough; the
// grid the viewer covers fetches nothing and the neighbours only once the photo has loaded (with JavaScript: without
// it, a browser loads lazy images at once).
import type { Page } from "@playwright/test";
import type { Image } from "~/lib/image";
import { expect, test, beforeFirstTest } from "./fixtures";
import { fetchImage, viewer } from "./gallery-helpers";

/** The storage key in a media URL: /media/<key>/w720.avif. */
const keyOf = (url: string) => new URL(url, "http://x").pathname.split("/")[2]!;

/** The media the page asks for, in order. */
function recordMedia(page: Page) {
  const events: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/media/")) events.push(`request ${keyOf(request.url())}`);
  });
  return events;
}

test.use({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1.75 });

let photos: Image[] = [];
beforeFirstTest(async (server) => {
  // Five in a row, newest first on the gallery: the middle one has a neighbour either side.
  // The library's wide photo (1800 px): variants in every width a phone or a desktop draws.
  const ids = await server.seed(5, { prefix: "Deep link", photo: "wide" });
  photos = await Promise.all(
    ids.reverse().map(async (id) => (await (await fetchImage(server.url, id)).json()) as Image),
  );
});

test(
  "the photo of a deep link is AVIF on a phone, and the grid behind the viewer fetches nothing",
  // The server's HTML picks the AVIF either way; only the page's script could fetch what the viewer covers.
  { tag: "@js-only" },
  async ({ page, server }) => {
    const photo = photos[2]!;
    const events = recordMedia(page);
    await page.goto(`/photography?image=${photo.id}`);
    const img = viewer(page).getByRole("img");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // 412 px at 1.75 draws the photo 665 device pixels wide: the 720 px AVIF.
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/w720\.avif$/);

    const neighbours = await Promise.all(
      [photos[1]!, photos[3]!].map(async ({ id }) =>
        keyOf(((await (await fetchImage(server.url, id)).json()) as Image).url),
      ),
    );
    // The neighbours come, for an instant step, but only after the photo: read in the browser's own resource timings
    // (an entry is there once its response has ended), as the protocol's events for two requests can arrive out of
    // order on a busy machine.
    const mediaTimings = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.includes("/media/"))
          .map((entry) => ({
            url: entry.name,
            start: entry.startTime,
            end: (entry as PerformanceResourceTiming).responseEnd,
          })),
      );
    await expect
      .poll(async () => {
        const fetched = (await mediaTimings()).map((timing) => keyOf(timing.url));
        return neighbours.every((key) => fetched.includes(key));
      })
      .toBe(true);
    const timings = await mediaTimings();
    const photoEnd = timings.find((timing) => keyOf(timing.url) === keyOf(photo.url))!.end;
    for (const key of neighbours) {
      const requests = timings.filter((timing) => keyOf(timing.url) === key);
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests) expect(request.start).toBeGreaterThanOrEqual(photoEnd);
    }
    // Lazy images on screen are asked for at the first layout, before the load event.
    await page.waitForLoadState("load");
    const allowed = new Set([keyOf(photo.url), ...neighbours]);
    const others = events.filter((event) => event.startsWith("request ") && !allowed.has(event.slice(8)));
    expect(others, "media fetched for the covered grid").toEqual([]);
  },
);

test(
  "a desktop still draws the photo from the WebP, wide enough for its size",
  { tag: "@js-only" },
  async ({ page }) => {
    await page.setViewportSize({ width: 1350, height: 900 });
    await page.goto(`/photography?image=${photos[2]!.id}`);
    const img = viewer(page).getByRole("img");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const { src, drawn } = await img.evaluate((el: HTMLImageElement) => ({
      src: el.currentSrc,
      drawn: el.getBoundingClientRect().width * devicePixelRatio,
    }));
    expect(src).toMatch(/\.webp$/);
    expect(Number(src.match(/\/w(\d+)\.webp$/)![1])).toBeGreaterThanOrEqual(Math.min(drawn, 1600));
  },
);
