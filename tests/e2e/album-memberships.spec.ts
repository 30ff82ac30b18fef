import type { Page } from "@playwright/test";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";
import { viewer } from "./gallery-helpers";

async function albumIdsOf(page: Page, id: number): Promise<number[]> {
  return ((await (await page.request.get(`/api/image/${id}`)).json()) as Image).albumIds;
}

async function createAlbum(page: Page, token: string, name: string): Promise<Album> {
  const created = await page.request.post("/api/album", {
    data: { name },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Album;
}

async function openEditForm(page: Page, id: number, javaScriptEnabled: boolean) {
  await page.goto(`/photography?image=${id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await viewer(page).getByRole("link", { name: "Edit" }).click();
  await expect(viewer(page).getByRole("button", { name: "Save" })).toBeVisible();
}

test("an edit form opened before the photo joined an album in another tab leaves that album alone", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  // Two tabs, two albums and three saves: more than the default budget when both workers are busy.
  test.slow();
  const [id] = await server.seed(1, { prefix: "Two tabs" });
  const mode = javaScriptEnabled ? "with JS" : "without JS";
  const [shownName, addedName] = [`Shown ${mode}`, `Added ${mode}`];
  await loginInBrowser(page);
  const token = await server.adminToken();
  const shown = await createAlbum(page, token, shownName);
  const joined = await page.request.put(`/api/image/${id}`, {
    data: { albumIds: [shown.id] },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(joined.status()).toBe(200);

  // First tab: the edit form, drawn while the photo is in one album.
  await openEditForm(page, id!, javaScriptEnabled);
  await expect(viewer(page).getByRole("checkbox", { name: shownName, exact: true })).toBeChecked();

  // Second tab: a new album, and the photo put in it from its own edit form.
  const added = await createAlbum(page, token, addedName);
  const other = await page.context().newPage();
  await openEditForm(other, id!, javaScriptEnabled);
  await viewer(other).getByRole("checkbox", { name: addedName, exact: true }).check();
  await viewer(other).getByRole("button", { name: "Save" }).click();
  // The save's answer drawn (the form gone) before the tab closes: closing a tab mid-navigation once hung for minutes.
  await expect(viewer(other).getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect.poll(() => albumIdsOf(page, id!)).toEqual([shown.id, added.id]);
  await other.close();

  // Back in the first tab, whose form never listed the new album: take the photo out of the one it showed.
  await expect(viewer(page).getByRole("checkbox", { name: addedName })).toHaveCount(0);
  await viewer(page).getByRole("checkbox", { name: shownName, exact: true }).uncheck();
  await viewer(page).getByRole("button", { name: "Save" }).click();
  await expect(viewer(page).getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect.poll(() => albumIdsOf(page, id!)).toEqual([added.id]);
});
