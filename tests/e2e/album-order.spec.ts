import type { Page } from "@playwright/test";
import type { Album } from "~/lib/album";
import type { ImagePage } from "~/lib/image";
import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";
import { thumbnailIds, viewer } from "./gallery-helpers";

/** The owner's move forms in the viewer of an album in manual order, with and without JavaScript. */
test("the viewer's move controls reorder an album in manual order", async ({ page, server, javaScriptEnabled }) => {
  // Five moves, each a page load and a post, on a shared machine.
  test.slow();
  const [a, b, c] = (await server.seed(3, { prefix: "Story" })) as [number, number, number];
  const token = await server.adminToken();
  const headers = { Authorization: `Bearer ${token}` };
  const album = (await (
    await page.request.post("/api/album", { data: { name: `Story ${javaScriptEnabled ? "js" : "no-js"}` }, headers })
  ).json()) as Album;
  for (const id of [a, b, c]) {
    const response = await page.request.put(`/api/image/${id}`, { data: { albumIds: [album.id] }, headers });
    expect(response.status()).toBe(200);
  }
  await loginInBrowser(page);
  const albumPath = `/photography/albums/${album.slug}`;

  // The album's order as its page lists it (one query serves both): the page itself is checked once, at the end.
  const savedOrder = async () =>
    ((await (await page.request.get(`/api/image?album=${album.id}`)).json()) as ImagePage).images.map(({ id }) => id);
  const moveAndExpect = async (id: number, act: (page: Page) => Promise<void>, expected: number[]) => {
    await page.goto(`${albumPath}?image=${id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await act(page);
    // The form's answer sends the browser back to the photo, in the album's new order.
    await expect(page).toHaveURL(new RegExp(`${albumPath}\\?image=${id}$`));
    await expect.poll(savedOrder).toEqual(expected);
  };
  const press = (name: string) => (page: Page) => viewer(page).getByRole("button", { name, exact: true }).click();

  await moveAndExpect(c, press("Move to start"), [c, a, b]);
  await moveAndExpect(c, press("Move down"), [a, c, b]);
  await moveAndExpect(b, press("Move up"), [a, b, c]);
  await moveAndExpect(a, press("Move to end"), [b, c, a]);
  await moveAndExpect(
    a,
    async (page) => {
      await viewer(page).getByLabel("Position").fill("1");
      await viewer(page).getByRole("button", { name: "Move to position" }).click();
    },
    [a, b, c],
  );

  // A visitor sees the same order, without the controls.
  await page.context().clearCookies();
  await page.goto(albumPath);
  await expect.poll(() => thumbnailIds(page)).toEqual([a, b, c]);
  await page.goto(`${albumPath}?image=${b}`);
  await expect(viewer(page).getByRole("link", { name: "Previous image" })).toHaveAttribute(
    "href",
    `${albumPath}?image=${a}`,
  );
  await expect(viewer(page).getByRole("button", { name: "Move up" })).toHaveCount(0);
});
