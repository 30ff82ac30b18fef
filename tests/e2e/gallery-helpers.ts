import type { Page } from "@playwright/test";
import type { Image, ImagePage } from "../../app/lib/image";
import { expect } from "./fixtures";

/** Every photo on the server, newest first, read page by page through the API with its cursor. */
export async function allImages(baseUrl: string): Promise<Image[]> {
  const images: Image[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const page = (await (await fetch(`${baseUrl}/api/image${query}`)).json()) as ImagePage;
    images.push(...page.images);
    cursor = page.nextCursor;
  } while (cursor);
  return images;
}

export async function fetchImage(baseUrl: string, id: number): Promise<Response> {
  return fetch(`${baseUrl}/api/image/${id}`);
}

/** The ids of the thumbnails on the page, in document order. */
export async function thumbnailIds(page: Page): Promise<number[]> {
  return page.locator(".gallery-thumb").evaluateAll((links) => links.map((link) => Number(link.getAttribute("data-image-id"))));
}

export function thumbnail(page: Page, id: number) {
  return page.locator(`.gallery-thumb[data-image-id="${id}"]`);
}

/** With JavaScript on, waits until React took over the page, so clicks open the viewer in place. */
export { waitForHydration } from "./fixtures";

export function viewer(page: Page) {
  return page.getByRole("dialog");
}

/** Scrolls the infinite list until it says it has no more. */
export async function scrollToEnd(page: Page): Promise<void> {
  const end = page.getByText("No more images to load.");
  for (let i = 0; i < 50 && !(await end.isVisible()); i++) {
    await page.locator(".gallery-end").scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
  }
  await expect(end).toBeVisible();
}
