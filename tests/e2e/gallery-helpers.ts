import type { Locator, Page } from "@playwright/test";
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

/**
 * The font's "·" is narrow: with bare spaces it sat against the word before it ("3 favourites· Ada"). Checks the room
 * between the first "·" in `line` and the letters either side of it.
 */
export async function expectRoomAroundSeparator(line: Locator): Promise<void> {
  const gaps = await line.evaluate((element) => {
    const characters: { char: string; left: number; right: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        characters.push({ char: node.textContent![i]!, left: box.left, right: box.right });
      }
    }
    const dot = characters.findIndex((each) => each.char === "·");
    const letter = (each: { char: string }) => each.char.trim() !== "";
    const previous = characters.slice(0, dot).findLast(letter)!;
    const next = characters.slice(dot + 1).find(letter)!;
    return {
      before: characters[dot]!.left - previous.right,
      after: next.left - characters[dot]!.right,
      fontSize: parseFloat(getComputedStyle(element).fontSize),
    };
  });
  expect(gaps.before).toBeGreaterThanOrEqual(0.3 * gaps.fontSize);
  expect(gaps.after).toBeGreaterThanOrEqual(0.3 * gaps.fontSize);
}
