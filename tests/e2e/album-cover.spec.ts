// "Use as album cover" asks first (a step of the viewer, with or without JavaScript), and the cover itself
// says so instead of offering itself again; the albums page follows.
import type { Page } from "@playwright/test";
import { expect, loginInBrowser, test } from "./fixtures";

async function coverOf(page: Page, albumId: number): Promise<number | undefined> {
  const album = (await (await page.request.get(`/api/album/${albumId}`)).json()) as { cover: { id: number } | null };
  return album.cover?.id;
}

test("Use as album cover goes through a confirmation, and Cancel keeps the cover", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const [older, newer] = await server.seed(2, { prefix: "Cover" });
  const token = await server.adminToken();
  const auth = { Authorization: `Bearer ${token}` };
  const created = await page.request.post("/api/album", {
    headers: auth,
    data: { name: `Cover choice ${javaScriptEnabled ? "js" : "no-js"}` },
  });
  const album = (await created.json()) as { id: number; slug: string };
  for (const id of [older, newer]) {
    await page.request.put(`/api/image/${id}`, { headers: auth, data: { albumIds: [album.id] } });
  }
  await loginInBrowser(page);
  const albumPath = `/photography/albums/${album.slug}`;

  // The newest photo is the cover until one is chosen: it is not offered.
  await page.goto(`${albumPath}?image=${newer}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("This photo is the album's cover.")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Use as album cover" })).toHaveCount(0);

  await page.goto(`${albumPath}?image=${older}`);
  await dialog.getByRole("link", { name: "Use as album cover" }).click();
  await expect(dialog.getByText("Use this photo as the album's cover?")).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog.getByRole("link", { name: "Use as album cover" })).toBeVisible();
  expect(await coverOf(page, album.id)).toBe(newer);

  await dialog.getByRole("link", { name: "Use as album cover" }).click();
  await dialog.getByRole("button", { name: "Use as cover" }).click();
  await expect(dialog.getByText("This photo is the album's cover.")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === albumPath && url.search === `?image=${older}`);
  expect(await coverOf(page, album.id)).toBe(older);
});
