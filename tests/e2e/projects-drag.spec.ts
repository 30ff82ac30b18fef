import type { Page } from "@playwright/test";
import { dragWithMouse, expect, pickUpWithKeyboard, test, waitForHydration } from "./fixtures";

// Every test here is tagged @js-only. Drag and drop needs JavaScript; the no-JS Up/Down forms are in projects-admin.spec.ts.

// Tall enough that every card's row is on screen at once.
test.use({ viewport: { width: 1350, height: 1600 } });

const PROJECTS_PATH = "/photography/admin/site/projects";

async function openProjects(page: Page): Promise<void> {
  const login = await page.request.post("/api/auth/login", {
    data: { username: "admin", password: "test-password-123" },
  });
  expect(login.status()).toBe(200);
  await page.goto(PROJECTS_PATH);
  await waitForHydration(page);
}

/** The cards' names in the admin list's order, as drawn. */
function adminOrder(page: Page): Promise<string[]> {
  return page.locator(".project-rows > li").evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label")!));
}

/**
 * The cards' names as the home page shows them (hidden ones left out; none are hidden here), in the same tab: a new
 * one would start a renderer of its own. Read once, not polled: a move is saved before its status shows, and a poll
 * that loads a page can outlast the poll's timeout on a busy machine.
 */
async function homeOrder(page: Page): Promise<string[]> {
  await page.goto("/");
  // External demos add " (opens in a new tab)" for screen readers.
  const titles = await page.getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts();
  return titles.map((title) => title.replace(/\s*\(opens in a new tab\)$/, "").trim());
}

/** Drags `name`'s handle onto `target`'s row with the mouse. */
const dragCard = (page: Page, name: string, target: string) =>
  dragWithMouse(
    page,
    page.getByRole("button", { name: `Move ${name}`, exact: true }),
    page.getByRole("button", { name: `Move ${target}`, exact: true }),
    { y: 20 },
  );

test(
  "the owner drags a card with the mouse; the order is saved, shows on the home page, and undo puts it back",
  { tag: "@js-only" },
  async ({ page }) => {
    test.slow();
    await openProjects(page);
    const before = await adminOrder(page);
    expect(before.length).toBeGreaterThanOrEqual(4);
    const [first, second, third, fourth] = before as [string, string, string, string];

    await dragCard(page, first, third);
    const moved = [second, third, first, ...before.slice(3)];
    await expect(page.getByRole("status").filter({ hasText: `Moved “${first}” to place 3.` })).toBeVisible();
    await expect.poll(() => adminOrder(page)).toEqual(moved);

    // Saved: the home page and a fresh page of the list show the new order.
    expect(await homeOrder(page)).toEqual(moved);
    await page.goto(PROJECTS_PATH);
    expect(await adminOrder(page)).toEqual(moved);
    await waitForHydration(page);

    // Another move, then Undo of it.
    await dragCard(page, fourth, second);
    await expect.poll(() => adminOrder(page)).toEqual([fourth, second, third, first, ...before.slice(4)]);
    await expect(page.getByRole("status").filter({ hasText: `Moved “${fourth}” to place 1.` })).toBeVisible();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.locator(".move-status")).toHaveText(`Move undone: “${fourth}” is back at place 4.`);
    await expect.poll(() => adminOrder(page)).toEqual(moved);
    await page.reload();
    expect(await adminOrder(page)).toEqual(moved);
    expect(await homeOrder(page)).toEqual(moved);
  },
);

test(
  "the owner moves a card with the keyboard: space, arrows, space; it is announced",
  { tag: "@js-only" },
  async ({ page }) => {
    test.slow();
    await openProjects(page);
    const before = await adminOrder(page);
    const [first, second] = before as [string, string];
    const count = before.length;

    const live = await pickUpWithKeyboard(
      page,
      page.getByRole("button", { name: `Move ${first}`, exact: true }),
      `Picked up project ${first}, at place 1 of ${count}.`,
    );
    await page.keyboard.press("ArrowDown");
    await expect(live).toContainText(`Project ${first} is over place 2 of ${count}.`);
    await page.keyboard.press("Space");
    await expect(live).toContainText(`Project ${first} was dropped at place 2 of ${count}.`);
    await expect(page.getByRole("status").filter({ hasText: `Moved “${first}” to place 2.` })).toBeVisible();

    const moved = [second, first, ...before.slice(2)];
    await page.reload();
    expect(await adminOrder(page)).toEqual(moved);
    expect(await homeOrder(page)).toEqual(moved);
  },
);

test("a refused move puts the card back and says why", { tag: "@js-only" }, async ({ page }) => {
  test.slow();
  await openProjects(page);
  const before = await adminOrder(page);
  const [first, second] = before as [string, string];
  // The session ends behind the page's back: the next save is refused.
  await page.context().clearCookies();

  await dragCard(page, first, second);
  await expect(page.getByRole("status").filter({ hasText: "The move was not saved:" })).toBeVisible();
  await expect.poll(() => adminOrder(page)).toEqual(before);
});
