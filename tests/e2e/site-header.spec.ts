// The site header on every kind of page: the owner's name home, the sections, the owner's own links when
// signed in, and the current section marked with aria-current.
import Database from "better-sqlite3";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, loginInBrowser, startSeedableServer, test, waitForHydration } from "./fixtures";

const OWNER_NAME = "Alex Sample";
const SECTIONS = [
  ["Projects", "/#projects"],
  ["Photography", "/photography"],
  ["Albums", "/photography/albums"],
] as const;
const ADMIN_LINKS = [
  ["Dashboard", "/photography/admin"],
  ["Site", "/photography/admin/site"],
  ["Account", "/photography/admin/account"],
] as const;

function header(page: Page) {
  return page.locator(".site-header");
}

/** The header's links, their targets and which one is marked current; the owner's only when `signedIn`. */
async function expectHeader(page: Page, current: string | null, signedIn = false) {
  await expect(header(page).getByRole("link", { name: OWNER_NAME, exact: true })).toHaveAttribute("href", "/");
  const nav = header(page).getByRole("navigation", { name: "Site" });
  const expected = signedIn ? [...SECTIONS, ...ADMIN_LINKS] : SECTIONS;
  await expect(nav.getByRole("link")).toHaveCount(expected.length);
  for (const [name, href] of expected) {
    const link = nav.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", href);
    if (name === current) await expect(link).toHaveAttribute("aria-current", "page");
    else await expect(link).not.toHaveAttribute("aria-current");
  }
}

test(
  "the header on the home page, the gallery, a photo's deep link, the albums and an album",
  { tag: "@js-only" },
  async ({ page, server }) => {
    const [id] = await server.seed(1, { prefix: "Header" });
    const token = await server.adminToken();
    const created = await page.request.post("/api/album", {
      data: { name: "Header album" },
      headers: { Authorization: `Bearer ${token}` },
    });
    const { slug } = (await created.json()) as { slug: string };

    await page.goto("/");
    await expectHeader(page, "Projects");
    await page.goto("/?tab=photography");
    await expectHeader(page, null);
    await page.goto("/photography");
    await expectHeader(page, "Photography");
    await page.goto(`/photography?image=${id}`);
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectHeader(page, "Photography");
    await page.goto("/photography/albums");
    await expectHeader(page, "Albums");
    await page.goto(`/photography/albums/${slug}`);
    await expectHeader(page, "Albums");
    await page.goto("/sorting");
    await expectHeader(page, null);
  },
);

test("the owner's header adds Dashboard, Site and Account, on public pages and the admin's", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/photography");
  await expectHeader(page, "Photography");
  await loginInBrowser(page);
  await page.goto("/photography/admin");
  await expectHeader(page, "Dashboard", true);
  await page.goto("/photography");
  await expectHeader(page, "Photography", true);
  await page.goto("/no-such-page");
  await expectHeader(page, null, true);

  // Logging out through the dashboard's own form takes the owner's links away, with or without JavaScript.
  await page.goto("/photography/admin");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/photography$/);
  await expectHeader(page, "Photography");
});

test("the header on the error pages: a 404 and an unexpected error", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/no/such/page");
  await expectHeader(page, null);
  await page.goto("/photography/albums/no-such-album");
  await expectHeader(page, "Albums");

  const own = await startSeedableServer();
  const sqlite = new Database(path.join(own.dataDir, "portfolio.sqlite"));
  try {
    sqlite.exec("ALTER TABLE images RENAME TO images_hidden");
    const response = await page.goto(`${own.url}/photography`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 2, name: "500 Internal Server Error" })).toBeVisible();
    await expectHeader(page, "Photography");
  } finally {
    sqlite.close();
    await own.stop();
  }
});

test.describe("at a tablet's width, 800 px", () => {
  test.use({ viewport: { width: 800, height: 1000 } });

  test(
    "the owner's header keeps one row: the name, the six links and the search button, the box hidden",
    { tag: "@no-js-only" },
    async ({ page }) => {
      await loginInBrowser(page);
      await page.goto("/photography");
      const row = [
        header(page).getByRole("link", { name: OWNER_NAME, exact: true }),
        ...[...SECTIONS, ...ADMIN_LINKS].map(([name]) => header(page).getByRole("link", { name, exact: true })),
        header(page).getByRole("button", { name: "Search" }),
      ];
      const tops = await Promise.all(row.map(async (item) => (await item.boundingBox())!.y));
      const heights = await Promise.all(row.map(async (item) => (await item.boundingBox())!.height));
      const middles = tops.map((top, index) => top + heights[index]! / 2);
      for (const middle of middles) expect(middle).toBeCloseTo(middles[0]!, 0);
      await expect(header(page).getByRole("searchbox", { name: "Search photos" })).toBeHidden();
    },
  );
});
