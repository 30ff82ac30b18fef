// Next on the last photo of a page: without JavaScript a link to the first photo of the next page (its page,
// with the photo open), in upload order, date-taken order and in an album; with JavaScript the list loads on.
import type { Page } from "@playwright/test";
import { seedPhotos } from "../support/seed";
import { expect, test, waitForHydration, type SeedableServer, beforeFirstTest } from "./fixtures";
import { thumbnailIds, viewer } from "./gallery-helpers";

// One more than a page (24), so every list has a second page.
const COUNT = 25;
let own: SeedableServer;
let albumSlug: string;

beforeFirstTest(async (server) => {
  own = server;
  const token = await own.adminToken();
  const created = await fetch(`${own.url}/api/album`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Next page album" }),
  });
  const album = (await created.json()) as { id: number; slug: string };
  albumSlug = album.slug;
  // Taken dates out of upload order (a stride through the days), so the two orders differ.
  const ids = await seedPhotos(
    own,
    Array.from({ length: COUNT }, (_, i) => ({
      name: `Next ${i}`,
      takenAt: new Date(Date.UTC(2023, 0, ((i * 7) % COUNT) + 1, 12)),
    })),
  );
  const joined = await fetch(`${own.url}/api/image/batch`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ ids, action: "add-to-album", albumId: album.id }),
  });
  expect(joined.status).toBe(200);
});

/** Opens the last photo of the list's first page at `path`, follows Next, and checks it shows the next page's first. */
async function nextAcrossPage(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(`${own.url}${path}`);
  const firstPage = await thumbnailIds(page);
  expect(firstPage).toHaveLength(24);
  const last = firstPage.at(-1)!;
  const separator = path.includes("?") ? "&" : "?";
  await page.goto(`${own.url}${path}${separator}image=${last}`);
  if (javaScriptEnabled) await waitForHydration(page);
  const next = viewer(page).getByRole("link", { name: "Next image" });
  await expect(next).toHaveAttribute("href", /cursor=/);
  const href = await next.getAttribute("href");
  await next.click();
  const shownId = () => Number(new URL(page.url()).searchParams.get("image"));
  await expect.poll(shownId).not.toBe(last);
  const shown = shownId();
  await expect(viewer(page).getByRole("heading", { name: /^Next \d+$/ })).toBeVisible();

  // The photo Next opened is the first of the next page, in the same order.
  const nextPage = new URL(href!, own.url);
  nextPage.searchParams.delete("image");
  await page.goto(nextPage.href);
  const secondPage = await thumbnailIds(page);
  expect(secondPage).toHaveLength(COUNT - 24);
  expect(firstPage).not.toContain(secondPage[0]);
  expect(Number(shown)).toBe(secondPage[0]);
}

for (const [order, path] of [
  ["upload order", "/photography"],
  ["date-taken order", "/photography?sortField=taken_at"],
  ["an album", () => `/photography/albums/${albumSlug}`],
] as const) {
  test(`Next on the last photo of a page goes to the first of the next, in ${order}`, async ({
    page,
    javaScriptEnabled,
  }) => {
    await nextAcrossPage(page, typeof path === "string" ? path : path(), javaScriptEnabled);
  });
}
