import type { Page } from "@playwright/test";
import type { Album } from "~/lib/album";
import {
  dragWithMouse,
  expect,
  loginInBrowser,
  pickUpWithKeyboard,
  test,
  waitForHydration,
  type SeedableServer,
} from "./fixtures";
import { thumbnail, thumbnailIds } from "./gallery-helpers";

// Every test here is tagged @js-only. Drag and drop needs JavaScript; the no-JS moves are in album-order.spec.ts.

// Tall enough that the dragged photo and its target are both on screen.
test.use({ viewport: { width: 1280, height: 1600 } });

/** An album in manual order holding `ids` in that order. */
async function manualAlbum(page: Page, server: SeedableServer, name: string, ids: number[]): Promise<Album> {
  const headers = { Authorization: `Bearer ${await server.adminToken()}` };
  const album = (await (await page.request.post("/api/album", { data: { name }, headers })).json()) as Album;
  for (const id of ids) {
    const response = await page.request.put(`/api/image/${id}`, { data: { albumIds: [album.id] }, headers });
    expect(response.status()).toBe(200);
  }
  return album;
}

/** The album's order as the API lists it. */
async function savedOrder(page: Page, album: Album): Promise<number[]> {
  const list = (await (await page.request.get(`/api/image?album=${album.id}`)).json()) as { images: { id: number }[] };
  return list.images.map((image) => image.id);
}

test(
  "the owner drags a photo with the mouse; the order is saved and undo puts it back",
  { tag: "@js-only" },
  async ({ page, server }) => {
    test.slow();
    const [a, b, c, d] = (await server.seed(4, { prefix: "Drag" })) as [number, number, number, number];
    const album = await manualAlbum(page, server, "Drag mouse", [a, b, c, d]);
    const albumPath = `/photography/albums/${album.slug}`;
    await loginInBrowser(page);
    await page.goto(albumPath);
    await waitForHydration(page);
    // The worker's server numbers its seeded photos across tests: read the first one's name.
    const { name } = (await (await page.request.get(`/api/image/${a}`)).json()) as { name: string };
    await expect(page.getByRole("button", { name: `Move ${name}` })).toBeVisible();

    // Photo a, dragged by its thumbnail onto photo c's place, in small steps as a hand would.
    await dragWithMouse(page, thumbnail(page, a), thumbnail(page, c), { x: 20 });

    await expect(page.getByRole("status").filter({ hasText: `Moved “${name}” to place 3.` })).toBeVisible();
    await expect.poll(() => thumbnailIds(page)).toEqual([b, c, a, d]);
    // The drop opened no photo.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect.poll(() => savedOrder(page, album)).toEqual([b, c, a, d]);

    await page.reload();
    await expect.poll(() => thumbnailIds(page)).toEqual([b, c, a, d]);
    await waitForHydration(page);
    const { name: lastName } = (await (await page.request.get(`/api/image/${d}`)).json()) as { name: string };
    await expect(page.getByRole("button", { name: `Move ${lastName}` })).toBeVisible();

    // Undo of the last move, after another one.
    await dragWithMouse(page, thumbnail(page, d), thumbnail(page, b), { x: -20 });
    await expect.poll(() => savedOrder(page, album)).toEqual([d, b, c, a]);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.locator(".move-status")).toHaveText(`Move undone: “${lastName}” is back at place 4.`);
    await expect.poll(() => thumbnailIds(page)).toEqual([b, c, a, d]);
    await expect.poll(() => savedOrder(page, album)).toEqual([b, c, a, d]);

    // A visitor gets no drag handles.
    await page.context().clearCookies();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => thumbnailIds(page)).toEqual([b, c, a, d]);
    await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
  },
);

test(
  "the owner moves a photo with the keyboard: space, arrows, space; it is announced",
  { tag: "@js-only" },
  async ({ page, server }) => {
    test.slow();
    const [a, b, c] = (await server.seed(3, { prefix: "Keys" })) as [number, number, number];
    const album = await manualAlbum(page, server, "Drag keys", [a, b, c]);
    const albumPath = `/photography/albums/${album.slug}`;
    await loginInBrowser(page);
    await page.goto(albumPath);
    await waitForHydration(page);

    // The worker's server numbers its seeded photos across tests: read the first one's name.
    const { name } = (await (await page.request.get(`${server.url}/api/image/${a}`)).json()) as { name: string };
    const liveRegion = await pickUpWithKeyboard(
      page,
      page.getByRole("button", { name: `Move ${name}` }),
      `Picked up photo ${name}, at place 1 of 3.`,
    );
    // On a phone-wide page the photos are one column: down moves it one place on.
    await page.keyboard.press(page.viewportSize()!.width < 640 ? "ArrowDown" : "ArrowRight");
    await expect(liveRegion).toContainText(`Photo ${name} is over place 2 of 3.`);
    await page.keyboard.press("Space");
    await expect(liveRegion).toContainText(`Photo ${name} was dropped at place 2 of 3.`);
    await expect(page.getByRole("status").filter({ hasText: `Moved “${name}” to place 2.` })).toBeVisible();

    await page.reload();
    await expect.poll(() => thumbnailIds(page)).toEqual([b, a, c]);
    await expect.poll(() => savedOrder(page, album)).toEqual([b, a, c]);
  },
);
