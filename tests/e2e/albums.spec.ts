import type { Page } from "@playwright/test";
import type { Album } from "~/lib/album";
import type { ImagePage } from "~/lib/image";
import { makeJpeg } from "../support/images";
import { expect, loginInBrowser, openDashboard, test, waitForHydration } from "./fixtures";
import { thumbnailIds, viewer } from "./gallery-helpers";

async function albumsOf(page: Page): Promise<Album[]> {
  return ((await (await page.request.get("/api/album")).json()) as { albums: Album[] }).albums;
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

test("the admin creates an album, fills it from the viewer, visitors browse it, and deleting it keeps the photos", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const [older, middle, newer] = await server.seed(3, { prefix: "Trip" });
  const name = javaScriptEnabled ? "Lofoten with JS" : "Lofoten without JS";
  await loginInBrowser(page);

  // Create it on the albums page.
  await open(page, "/photography/albums", javaScriptEnabled);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Description").fill("Islands in the north.");
  await page.getByRole("button", { name: "Create album" }).click();
  // The form's answer sends the browser to the new album's page.
  await expect(page).toHaveURL(/\/photography\/albums\/[a-z0-9-]+$/);
  const album = (await albumsOf(page)).find((candidate) => candidate.name === name)!;
  await expect(page).toHaveURL(new RegExp(`/photography/albums/${album.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("No photos in this album yet.")).toBeVisible();

  // Put two of the three photos in it from the viewer's edit form.
  // In the order the album is to show them: a new album keeps the order its photos joined it in.
  for (const id of [newer!, older!]) {
    await open(page, `/photography?image=${id}&edit=1`, javaScriptEnabled);
    await viewer(page).getByRole("checkbox", { name }).check();
    await viewer(page).getByRole("button", { name: "Save" }).click();
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/image/${id}`)).json()) as { albumIds: number[] }).albumIds,
      )
      .toContain(album.id);
  }

  // A visitor's view of the album: only its photos, and the viewer's steps stay inside it.
  await page.context().clearCookies();
  await open(page, "/photography/albums", javaScriptEnabled);
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/photography/albums/${album.slug}$`));
  await expect.poll(() => thumbnailIds(page)).toEqual([newer, older]);
  expect(await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href")).toBe(
    `/photography/albums/${album.slug}/feed.xml`,
  );
  await open(page, `/photography/albums/${album.slug}?image=${newer}`, javaScriptEnabled);
  await viewer(page).getByRole("link", { name: "Next image" }).click();
  await expect(page).toHaveURL(new RegExp(`image=${older}`));
  await expect(viewer(page).getByRole("link", { name: "Next image" })).toHaveCount(0);
  await expect(viewer(page).getByRole("link", { name: "Previous image" })).toHaveAttribute(
    "href",
    new RegExp(`^/photography/albums/${album.slug}\\?image=${newer}$`),
  );
  // A photo outside the album is not shown as if it were in it.
  const outside = await page.goto(`/photography/albums/${album.slug}?image=${middle}`);
  expect(outside?.status()).toBe(404);

  // Delete the album: the photos stay in the gallery.
  await loginInBrowser(page);
  await open(page, `/photography/albums/${album.slug}`, javaScriptEnabled);
  await page.getByText("Delete album…").click();
  await page.getByRole("button", { name: "Delete album" }).click();
  await expect(page).toHaveURL(/\/photography\/albums$/);
  expect((await albumsOf(page)).some((candidate) => candidate.id === album.id)).toBe(false);
  const { images } = (await (await page.request.get("/api/image")).json()) as ImagePage;
  expect(images.map((image) => image.id)).toEqual(expect.arrayContaining([older, middle, newer]));
});

test("a batch uploaded from the dashboard goes into the album chosen for it", async ({ page, javaScriptEnabled }) => {
  const name = javaScriptEnabled ? "Batch with JS" : "Batch without JS";
  const created = await page.request.post("/api/auth/login", {
    data: { username: "admin", password: "test-password-123" },
  });
  const { token } = (await created.json()) as { token: string };
  const album = (await (
    await page.request.post("/api/album", { data: { name }, headers: { Authorization: `Bearer ${token}` } })
  ).json()) as Album;
  const file = {
    name: `batch-${album.id}.jpg`,
    mimeType: "image/jpeg",
    buffer: await makeJpeg(200, 150, 7000 + album.id),
  };

  await openDashboard(page, javaScriptEnabled);
  if (javaScriptEnabled) {
    await page.getByLabel("Album").filter({ visible: true }).selectOption({ label: name });
    await page.getByLabel("Choose files to upload").setInputFiles([file]);
    await page.getByRole("button", { name: "Upload all" }).click();
    await expect(page.getByText("Image uploaded successfully")).toBeVisible();
  } else {
    await page.getByLabel("Images", { exact: true }).setInputFiles([file]);
    await page.getByLabel("Album").filter({ visible: true }).selectOption({ label: name });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("1 of 1 uploaded · View it");
  }
  const inAlbum = (await (await page.request.get(`/api/image?album=${album.id}`)).json()) as ImagePage;
  expect(inAlbum.images.map((image) => image.filename)).toEqual([file.name]);
});
