import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export async function fetchImage(baseUrl: string, id: number): Promise<Response> {
  return fetch(`${baseUrl}/api/image/${id}`);
}

/** The ids of the thumbnails on the page, in document order. */
export async function thumbnailIds(page: Page): Promise<number[]> {
  return page
    .locator(".gallery-thumb")
    .evaluateAll((links) => links.map((link) => Number(link.getAttribute("data-image-id"))));
}

export function thumbnail(page: Page, id: number) {
  return page.locator(`.gallery-thumb[data-image-id="${id}"]`);
}

/** With JavaScript on, waits until React took over the page, so clicks open the viewer in place. */
export { waitForHydration } from "./fixtures";

export function viewer(page: Page) {
  return page.getByRole("dialog");
}

/** Scrolls the infinite list until it says it has no more, waiting after each scroll for the next photos or the end. */
export async function scrollToEnd(page: Page): Promise<void> {
  const end = page.getByText("No more images to load.");
  const thumbnails = page.locator(".gallery-thumb");
  while (!(await end.isVisible())) {
    const loaded = await thumbnails.count();
    await page.locator(".gallery-end").scrollIntoViewIfNeeded();
    await expect.poll(async () => (await end.isVisible()) || (await thumbnails.count()) > loaded).toBe(true);
  }
}
