import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import type { Page } from "@playwright/test";
import {
  expect,
  holdScripts,
  loginInBrowser,
  startSeedableServer,
  test,
  waitForHydration,
  type SeedableServer,
} from "./fixtures";
import { thumbnailIds } from "./gallery-helpers";

const tick = (name: string) => `Select ${name}`;

test(
  "the owner selects a range with shift-click and sets its description",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // Shift-click is the script's; the plain form is tested without JavaScript below.
    test.slow();
    await selectAndApply(page, server);
  },
);

test(
  "a delete picked before the page's scripts ran still asks first",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // The browser's question is the script's; without it the server asks.
    const [id] = await server.seed(1, { prefix: "Early" });
    const { name } = (await (await page.request.get(`/api/image/${id}`)).json()) as Image;
    await loginInBrowser(page);
    const release = await holdScripts(page);
    await page.goto("/photography?select=1", { waitUntil: "domcontentloaded" });
    await page.getByLabel("With the selected photos").selectOption({ label: "Delete" });
    release();
    await waitForHydration(page);
    // A tick re-renders the bar: the pick before the scripts ran must survive it.
    await page.getByLabel(tick(name)).click();
    await expect(page.getByText("1 photo selected")).toBeVisible();
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect.poll(() => question).toBe("Delete 1 photo? This cannot be undone.");
    await expect(page.getByLabel("With the selected photos")).toHaveValue("delete");
    expect((await page.request.get(`/api/image/${id}`)).status()).toBe(200);
  },
);

/** Signs the page's browser in on `own` (the fixtures' login is for the worker's server). */
async function logIn(page: Page, own: SeedableServer) {
  const login = await page.request.post(`${own.url}/api/auth/login`, {
    data: { username: "admin", password: "test-password-123" },
  });
  expect(login.status()).toBe(200);
}

/**
 * In an album of their own: its page lists exactly these five, so "Select all on this page" then deletes them and
 * nothing of the other tests'.
 */
async function selectAndApply(page: Page, server: SeedableServer) {
  const ids = await server.seed(5, { prefix: "Pick" });
  const headers = { Authorization: `Bearer ${await server.adminToken()}` };
  const album = (await (await page.request.post("/api/album", { data: { name: "Picks" }, headers })).json()) as Album;
  for (const id of ids)
    expect((await page.request.put(`/api/image/${id}`, { data: { albumIds: [album.id] }, headers })).status()).toBe(
      200,
    );
  await loginInBrowser(page);
  await page.goto(`/photography/albums/${album.slug}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Select", exact: true }).click();
  await expect(page).toHaveURL(/\?select=1$/);
  // A click on the second shown, a shift-click on the fourth ticks the three.
  const shown = await thumbnailIds(page);
  const names = await Promise.all(
    shown.map(async (id) => ((await (await page.request.get(`/api/image/${id}`)).json()) as Image).name),
  );
  await page.getByLabel(tick(names[1]!)).click();
  await page.getByLabel(tick(names[3]!)).click({ modifiers: ["Shift"] });
  await expect(page.getByText("3 photos selected")).toBeVisible();
  await expect(page.getByLabel(tick(names[2]!))).toBeChecked();
  await expect(page.getByLabel(tick(names[0]!))).not.toBeChecked();

  await page.getByLabel("With the selected photos").selectOption({ label: "Set the description" });
  await page.getByLabel("Description (to set)").fill("Morning walk");
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 photos given the description." })).toBeVisible();

  const description = async (id: number) =>
    ((await (await page.request.get(`/api/image/${id}`)).json()) as Image).description;
  for (const id of shown.slice(1, 4)) expect(await description(id)).toBe("Morning walk");
  expect(await description(shown[0]!)).not.toBe("Morning walk");
  expect(await description(shown[4]!)).not.toBe("Morning walk");

  // Select all on this page, then delete with the browser's question naming how many.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Select all on this page" }).click();
  await expect(page.getByText("5 photos selected")).toBeVisible();
  await page.getByLabel("With the selected photos").selectOption({ label: "Delete" });
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await expect(page.getByRole("status").filter({ hasText: "5 photos deleted." })).toBeVisible();
  expect(question).toBe("Delete 5 photos? This cannot be undone.");
  await expect.poll(() => thumbnailIds(page)).toEqual([]);
}

test(
  "without JavaScript: checkboxes, one form, and a confirmation step before a delete",
  { tag: "@no-js-only" },
  async ({ page }) => {
    // The plain form; the script's version is tested above.
    test.slow();
    // A server of its own: "?select=all" ticks every photo on the page, and the delete removes them all.
    const own = await startSeedableServer();
    try {
      await selectWithoutScript(page, own);
    } finally {
      await own.stop();
    }
  },
);

async function selectWithoutScript(page: Page, own: SeedableServer) {
  const headers = { Authorization: `Bearer ${await own.adminToken()}` };
  const album = (await (
    await page.request.post(`${own.url}/api/album`, { data: { name: "Select no-js" }, headers })
  ).json()) as {
    id: number;
    slug: string;
  };
  const ids = await own.seed(3, { prefix: "Plain" });
  const name = async (id: number) =>
    ((await (await page.request.get(`${own.url}/api/image/${id}`)).json()) as Image).name;
  const [first, second] = [await name(ids[0]!), await name(ids[1]!)];
  for (const id of ids)
    await page.request.put(`${own.url}/api/image/${id}`, { data: { albumIds: [album.id] }, headers });
  await logIn(page, own);
  await page.goto(`${own.url}/photography/albums/${album.slug}`);
  await page.getByRole("link", { name: "Select", exact: true }).click();

  // Remove two from the album; the third stays.
  await page.getByLabel(tick(first)).check();
  await page.getByLabel(tick(second)).check();
  await page.getByLabel("With the selected photos").selectOption({ label: "Remove from this album" });
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 photos removed from the album." })).toBeVisible();
  await expect.poll(() => thumbnailIds(page)).toEqual([ids[2]]);

  // Hide two: the result says how many, and a visitor's gallery no longer lists them.
  await page.goto(`${own.url}/photography?select=1`);
  await page.getByLabel(tick(first)).check();
  await page.getByLabel(tick(second)).check();
  await page.getByLabel("With the selected photos").selectOption({ label: "Set visibility" });
  await page.getByLabel("Visibility (to set)").selectOption({ label: "Hidden" });
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 photos set to hidden." })).toBeVisible();
  const visitorList = (await (await fetch(`${own.url}/api/image`)).json()) as { images: Image[] };
  expect(visitorList.images.map((photo) => photo.id)).toEqual([ids[2]]);

  // Delete: a confirmation step names how many; nothing is deleted before it.
  await page.goto(`${own.url}/photography?select=all`);
  await expect(page.getByLabel(tick(first))).toBeChecked();
  await page.getByLabel("With the selected photos").selectOption({ label: "Delete" });
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await expect(page.getByRole("alert")).toHaveText("Delete 3 photos? This cannot be undone.");
  expect((await page.request.get(`${own.url}/api/image/${ids[0]}`)).status()).toBe(200);
  await page.getByRole("button", { name: "Delete 3 photos" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 photos deleted." })).toBeVisible();
  for (const id of ids) expect((await page.request.get(`${own.url}/api/image/${id}`)).status()).toBe(404);
}

test(
  "without JavaScript, Load more keeps select mode, so a photo past the first page can be ticked",
  { tag: "@no-js-only" },
  async ({ page }) => {
    // With JavaScript the list grows in place and select mode stays as it is.
    test.slow();
    // A server of its own: more photos than one page (24), without piling them onto the worker's server.
    const own = await startSeedableServer();
    try {
      const ids = await own.seed(25, { prefix: "Paged" });
      const oldest = ids[0]!;
      const oldestName = ((await (await page.request.get(`${own.url}/api/image/${oldest}`)).json()) as Image).name;
      await logIn(page, own);
      await page.goto(`${own.url}/photography?select=1`);
      await expect(page.getByLabel(tick(oldestName), { exact: true })).toHaveCount(0);
      await page.getByRole("link", { name: "Load more" }).click();
      await expect(page).toHaveURL(/[?&]cursor=.*[&]select=1|[?&]select=1.*[&]cursor=/);
      await page.getByLabel(tick(oldestName), { exact: true }).check();
      await page.getByLabel("With the selected photos").selectOption({ label: "Set the description" });
      await page.getByLabel("Description (to set)").fill("Found on page two");
      await page.getByRole("button", { name: "Apply to selected" }).click();
      await expect(page.getByRole("status").filter({ hasText: "1 photo given the description." })).toBeVisible();
      const changed = (await (await page.request.get(`${own.url}/api/image/${oldest}`)).json()) as Image;
      expect(changed.description).toBe("Found on page two");
    } finally {
      await own.stop();
    }
  },
);

test("the action bar stays on screen down the page, shows only the chosen action's field, and counts the ticks", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const ids = await server.seed(15, { prefix: "Sticky" });
  const names = await Promise.all(
    [ids[0]!, ids.at(-1)!].map(
      async (id) => ((await (await page.request.get(`/api/image/${id}`)).json()) as Image).name,
    ),
  );
  await page.setViewportSize({ width: 1350, height: 900 });
  await loginInBrowser(page);
  await page.goto("/photography?select=1");
  if (javaScriptEnabled) await waitForHydration(page);
  const bar = page.getByRole("region", { name: "Selected photos" });
  const drawnAt = (await bar.boundingBox())!;
  await page.getByLabel(tick(names[1]!), { exact: true }).check();
  // The oldest is at the bottom of the page, past where the bar was drawn: the bar came down with it.
  const last = page.getByLabel(tick(names[0]!), { exact: true });
  await last.scrollIntoViewIfNeeded();
  await last.check();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(drawnAt.y + drawnAt.height);
  const box = (await bar.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThan(450);
  // The count is the script's: without it the answer says how many were changed.
  if (javaScriptEnabled) await expect(bar.getByText("2 photos selected")).toBeVisible();

  await expect(bar.getByLabel("Album (to add to)")).toBeVisible();
  await expect(bar.getByLabel("Description (to set)")).toBeHidden();
  await bar.getByLabel("With the selected photos").selectOption({ label: "Set the description" });
  await expect(bar.getByLabel("Description (to set)")).toBeVisible();
  await expect(bar.getByLabel("Album (to add to)")).toBeHidden();
  await expect(bar.getByLabel("Visibility (to set)")).toBeHidden();
});

test(
  "the owner adds tags to the ticked photos and removes one from some",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // The same plain form posts with JavaScript or without (the integration test posts it as such): once, as most see it.
    const ids = await server.seed(2, { prefix: "Retag" });
    const photo = async (id: number) => (await (await page.request.get(`/api/image/${id}`)).json()) as Image;
    const names = await Promise.all(ids.map(async (id) => (await photo(id)).name));
    await loginInBrowser(page);
    await page.goto("/photography?select=1");
    await waitForHydration(page);
    const bar = page.getByRole("region", { name: "Selected photos" });
    for (const name of names) await page.getByLabel(tick(name), { exact: true }).check();
    await bar.getByLabel("With the selected photos").selectOption({ label: "Add or remove tags" });
    await bar.getByLabel("Tags to add").fill("Dune, Coast");
    await bar.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 photos retagged." })).toBeVisible();
    for (const id of ids) expect((await photo(id)).tags).toEqual(["Coast", "Dune"]);

    await page.getByLabel(tick(names[0]!), { exact: true }).check();
    await bar.getByLabel("With the selected photos").selectOption({ label: "Add or remove tags" });
    await bar.getByLabel("Tags to remove").fill("dune");
    await bar.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 photo retagged." })).toBeVisible();
    expect((await photo(ids[0]!)).tags).toEqual(["Coast"]);
    expect((await photo(ids[1]!)).tags).toEqual(["Coast", "Dune"]);
  },
);
