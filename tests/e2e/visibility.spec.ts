import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";
import { thumbnail, viewer } from "./gallery-helpers";

test("the owner hides a photo and makes an album private; a visitor sees neither", async ({
  page,
  browser,
  server,
  javaScriptEnabled,
}) => {
  // Two saves and a second browser context: more than the default budget when both workers are busy.
  test.slow();
  const mode = javaScriptEnabled ? "js" : "no-js";
  const [id] = await server.seed(1, { prefix: `Unseen ${mode}` });
  const photoName = (await ((await page.request.get(`/api/image/${id}`)).json() as Promise<Image>)).name;
  const token = await server.adminToken();
  const created = await page.request.post("/api/album", {
    data: { name: `Made private ${mode}` },
    headers: { Authorization: `Bearer ${token}` },
  });
  const album = (await created.json()) as Album;
  await loginInBrowser(page);

  // The photo: Visibility in the viewer's Edit form.
  await page.goto(`/photography?image=${id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await viewer(page).getByRole("link", { name: "Edit" }).click();
  await viewer(page).getByLabel("Visibility").selectOption("hidden");
  await viewer(page).getByRole("button", { name: "Save" }).click();
  await expect(viewer(page).getByRole("button", { name: "Save" })).toHaveCount(0);
  await page.goto("/photography");
  await expect(thumbnail(page, id!).getByText("Hidden", { exact: true })).toBeVisible();

  // The album: Visibility in its Edit album form.
  await page.goto(`/photography/albums/${album.slug}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByText("Edit album").click();
  await page.getByLabel("Visibility").selectOption("private");
  await page.getByRole("button", { name: "Save album" }).click();
  // With JavaScript the page stays where it is: the saved album, not the URL, says the save is done.
  const saved = async () =>
    (
      (await (
        await page.request.get(`/api/album/${album.id}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as Album
    ).visibility;
  await expect.poll(saved).toBe("private");
  await page.goto("/photography/albums");
  const card = page.locator(".album-card", { hasText: album.name });
  await expect(card.getByText("Private", { exact: true })).toBeVisible();

  // A visitor: another browser context, without the owner's cookie.
  const visitorContext = await browser.newContext({ javaScriptEnabled, baseURL: server.url });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/photography");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(thumbnail(visitor, id!)).toHaveCount(0);
  await expect(visitor.getByText(photoName)).toHaveCount(0);
  await visitor.goto("/photography/albums");
  await expect(visitor.getByRole("heading", { level: 1, name: "Albums" })).toBeVisible();
  await expect(visitor.getByText(album.name)).toHaveCount(0);
  const albumPage = await visitor.goto(`/photography/albums/${album.slug}`);
  expect(albumPage?.status()).toBe(404);
  const deepLink = await visitor.goto(`/photography?image=${id}`);
  expect(deepLink?.status()).toBe(404);
  await visitorContext.close();
});
