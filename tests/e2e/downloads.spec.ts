// Download and Download all: plain links the owner follows with or without JavaScript, which a visitor of a
// public album never sees (docs/behaviour.md#downloads).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, loginInBrowser, test, type SeedableServer } from "./fixtures";

async function albumWithPhotos(
  page: Page,
  server: SeedableServer,
  name: string,
): Promise<{ slug: string; ids: number[] }> {
  const ids = await server.seed(2, { prefix: name });
  const auth = { Authorization: `Bearer ${await server.adminToken()}` };
  const created = await page.request.post("/api/album", { headers: auth, data: { name } });
  const album = (await created.json()) as { id: number; slug: string };
  for (const id of ids) await page.request.put(`/api/image/${id}`, { headers: auth, data: { albumIds: [album.id] } });
  return { slug: album.slug, ids };
}

test("the owner downloads a photo from the viewer and the whole album", async ({ page, server, javaScriptEnabled }) => {
  const name = `Delivery ${javaScriptEnabled ? "js" : "nojs"}`;
  const { slug, ids } = await albumWithPhotos(page, server, name);
  await loginInBrowser(page);

  await page.goto(`/photography/albums/${slug}?image=${ids[0]}`);
  const dialog = page.getByRole("dialog");
  const [photo] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download" }).click(),
  ]);
  // Named after the uploaded file (fixtures.ts names seeded photos "<prefix>-<n>.jpg").
  expect(photo.suggestedFilename()).toMatch(new RegExp(`^${name.toLowerCase()}-\\d+\\.jpg$`));
  const original = fs.readFileSync((await photo.path())!);
  expect(original.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

  await page.goto(`/photography/albums/${slug}`);
  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download all" }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe(`${name}.zip`);
  const archive = fs.readFileSync((await zip.path())!);
  expect(archive.subarray(0, 4)).toEqual(Buffer.from("PK\x03\x04", "latin1"));
  expect(archive.includes(original)).toBe(true);
});

test(
  "a visitor of a public album sees no Download and no Download all",
  { tag: "@js-only" },
  async ({ page, server }) => {
    const { slug, ids } = await albumWithPhotos(page, server, "Public");
    await page.goto(`/photography/albums/${slug}?image=${ids[0]}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("link", { name: "Close" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Download" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download all" })).toHaveCount(0);
  },
);
