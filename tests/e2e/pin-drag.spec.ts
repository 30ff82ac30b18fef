import type { Page } from "@playwright/test";
import type { Image } from "~/lib/image";
import { dragWithMouse, expect, pickUpWithKeyboard, test, waitForHydration, type SeedableServer } from "./fixtures";
import { thumbnail, thumbnailIds } from "./gallery-helpers";
import { loginAdmin } from "../support/server";

// Every test here is tagged @js-only. Dragging needs JavaScript; the pin forms are in featured-order.spec.ts.

// Tall enough that the dragged photo and its target are both on screen.
test.use({ viewport: { width: 1280, height: 1600 } });

/** The owner's gallery page forms, posted as a browser without JavaScript would. */
async function postGalleryForm(own: SeedableServer, fields: Record<string, string>): Promise<void> {
  const { cookie } = await loginAdmin(own.url);
  const response = await fetch(`${own.url}/photography`, {
    method: "POST",
    headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ redirectTo: "/photography", ...fields }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
}

/** The gallery's first `count` photos as the API lists them to a visitor (its own order: featured first). */
async function savedOrder(own: SeedableServer, count: number): Promise<number[]> {
  const list = (await (await fetch(`${own.url}/api/image`)).json()) as { images: Image[] };
  return list.images.slice(0, count).map((image) => image.id);
}

/** Seeds four photos on `own`, turns on "featured first" and pins the oldest three; returns [unpinned, pins in order]. */
async function pinnedGallery(page: Page, own: SeedableServer) {
  const [a, b, c, d] = (await own.seed(4, { prefix: "Pin" })) as [number, number, number, number];
  await postGalleryForm(own, { intent: "gallery-order", galleryOrder: "featured" });
  // Each pin goes to the top: c, b, a.
  for (const id of [a, b, c]) await postGalleryForm(own, { intent: "pin", id: String(id), step: "pin" });
  expect(await savedOrder(own, 4)).toEqual([c, b, a, d]);
  const login = await page.request.post(`${own.url}/api/auth/login`, {
    data: { username: "admin", password: "test-password-123" },
  });
  expect(login.status()).toBe(200);
  const name = async (id: number) => ((await (await fetch(`${own.url}/api/image/${id}`)).json()) as Image).name;
  return { a, b, c, d, names: { a: await name(a), c: await name(c), d: await name(d) } };
}

test(
  "the owner moves a pinned photo with the keyboard; it is announced, saved, and only pins move",
  { tag: "@js-only" },
  async ({ page, server: own }) => {
    test.slow();
    // The file's server, which this file's one test has to itself: the gallery's order setting and its pins are
    // site-wide.
    const { a, b, c, d, names } = await pinnedGallery(page, own);
    await page.goto(`${own.url}/photography`);
    await waitForHydration(page);
    // The unpinned photo follows by upload date: nothing to drag it by.
    await expect(page.getByRole("button", { name: `Move ${names.c}`, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Move ${names.d}`, exact: true })).toHaveCount(0);

    const region = await pickUpWithKeyboard(
      page,
      page.getByRole("button", { name: `Move ${names.c}`, exact: true }),
      `Picked up pinned photo ${names.c}, at place 1 of 3.`,
    );
    await page.keyboard.press("ArrowRight");
    await expect(region).toContainText(`Pinned photo ${names.c} is over place 2 of 3.`);
    await page.keyboard.press("Space");
    await expect(region).toContainText(`Pinned photo ${names.c} was dropped at place 2 of 3.`);
    await expect(page.getByRole("status").filter({ hasText: `Moved “${names.c}” to place 2.` })).toBeVisible();
    await expect.poll(() => thumbnailIds(page)).toEqual([b, c, a, d]);
    await expect.poll(() => savedOrder(own, 4)).toEqual([b, c, a, d]);
    // The viewer's pin line follows the drag, without a reload.
    await thumbnail(page, c).click();
    await expect(page.getByRole("dialog")).toContainText("Pinned 2 of 3");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The mouse: the last pin onto the first's place; then Undo puts it back.
    await dragWithMouse(page, thumbnail(page, a), thumbnail(page, b), { x: -20 });
    await expect.poll(() => savedOrder(own, 4)).toEqual([a, b, c, d]);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.locator(".move-status")).toHaveText(`Move undone: “${names.a}” is back at place 3.`);
    await expect.poll(() => savedOrder(own, 4)).toEqual([b, c, a, d]);

    // A visitor sees the saved order, with nothing to drag.
    await page.context().clearCookies();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => thumbnailIds(page)).toEqual([b, c, a, d]);
    await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
  },
);
