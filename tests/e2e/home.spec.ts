import type { Page } from "@playwright/test";
import { expect, oneServerPerMode, test, waitForHydration, type SeedableServer } from "./fixtures";

// The previews' test starts from an empty gallery, and the other mode's run fills it.
oneServerPerMode();

/** Marks the current document, so a later check tells a client-side switch from a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function isSameDocument(page: Page) {
  return page.evaluate(() => "__sameDocument" in window);
}

// One page load for what a visitor reads on the home page, each check a step of its own: a test each started a browser
// context of its own to load the same page.
test(
  "the home page as drawn: header, technology strip, project cards and their buttons",
  { tag: "@js-only" },
  async ({ page }) => {
    await page.goto("/");
    await test.step("the header shows the owner and four icon links", async () => {
      await expect(page.getByRole("heading", { level: 1, name: "Alex Sample" })).toBeVisible();
      await expect(page.getByText("Stockholm, Sweden")).toBeVisible();

      const github = page.getByRole("link", { name: "GitHub profile (opens in a new tab)" });
      await expect(github).toHaveAttribute("href", "https://github.com/alex-sample");
      await expect(github).toHaveAttribute("target", "_blank");
      await expect(github).toHaveAttribute("rel", "noopener noreferrer");
      const linkedin = page.getByRole("link", { name: "LinkedIn profile (opens in a new tab)" });
      await expect(linkedin).toHaveAttribute("target", "_blank");
      await expect(linkedin).toHaveAttribute("rel", "noopener noreferrer");
      await expect(page.getByRole("link", { name: "Send an email" })).toHaveAttribute(
        "href",
        "mailto:alex@example.com",
      );

      const cv = page.getByRole("link", { name: "Download CV (PDF)" });
      await expect(cv).toHaveAttribute("download", "");
      const pdf = await page.request.get((await cv.getAttribute("href"))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toContain("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    });
    await test.step("the technology strip lists the 13 technologies twice, the copy hidden", async () => {
      const strip = page.getByRole("list", { name: "Technologies I work with" });
      await expect(strip.getByRole("img")).toHaveCount(13);
      await expect(strip.locator("img")).toHaveCount(26);
      for (const name of [
        "JavaScript",
        "TypeScript",
        "React",
        "Node.js",
        "Java",
        "Git",
        "Docker",
        "Spring",
        "Tailwind CSS",
        "HTML5",
        "CSS3",
        "Amazon Web Services",
        "GitHub",
      ]) {
        await expect(strip.getByRole("img", { name, exact: true })).toBeVisible();
      }
      const icon = await page.request.get((await strip.getByRole("img", { name: "React" }).getAttribute("src"))!);
      expect(icon.status()).toBe(200);
      expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    });
    await test.step("project cards show their media and tags", async () => {
      const cards = page.getByRole("article");
      await expect(cards).toHaveCount(7);
      const fair = cards.filter({ hasText: "Career Fair website" });
      // The picture is shown whole: drawn in its own shape, 16:9, so nothing is cropped.
      const drawn = await fair.getByRole("img").boundingBox();
      expect(drawn!.width / drawn!.height).toBeCloseTo(16 / 9, 1);
      await expect(fair.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
        "React",
        "TailwindCSS",
        "Netlify",
      ]);

      const video = cards.filter({ hasText: "Game of life" }).locator("video");
      await expect(video).toHaveJSProperty("muted", true);
      await expect(video).toHaveJSProperty("loop", true);
      await expect(video).toHaveJSProperty("autoplay", true);
      await expect(video).toHaveAttribute("playsinline", "");
      await expect(video).toHaveAttribute("poster", /\.webp$/);
      expect((await page.request.get((await video.getAttribute("src"))!)).status()).toBe(200);
    });
    await test.step("hover and keyboard focus reveal the demo and code buttons", async () => {
      const card = page.getByRole("article").filter({ hasText: "Sorting visualizer" });
      const overlay = card.locator(".project-card__actions");
      await expect(overlay).toHaveCSS("opacity", "0");
      await card.hover();
      await expect(overlay).toHaveCSS("opacity", "1");
      await page.mouse.move(0, 0);
      await expect(overlay).toHaveCSS("opacity", "0");
      await card.getByRole("link", { name: "Demo: Sorting visualizer" }).focus();
      await expect(overlay).toHaveCSS("opacity", "1");
    });
  },
);

test("tabs live in the URL and switch the panel", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  // A page's scripts start after its first photo (record 052): before that, a tab is the plain link it is without them.
  if (javaScriptEnabled) await waitForHydration(page);
  const projectsTab = page.getByRole("tab", { name: "Projects" });
  const photographyTab = page.getByRole("tab", { name: "Photography" });
  await expect(projectsTab).toHaveAttribute("aria-selected", "true");
  await expect(photographyTab).toHaveAttribute("aria-selected", "false");
  const projectsPanel = page.getByRole("tabpanel", { name: "Projects" });
  await expect(projectsPanel).toHaveAttribute("id", "projects");
  await expect(projectsPanel.getByRole("article")).toHaveCount(7);

  await markDocument(page);
  await photographyTab.click();
  await expect(page).toHaveURL(/\/\?tab=photography$/);
  await expect(photographyTab).toHaveAttribute("aria-selected", "true");
  await expect(
    page.getByRole("tabpanel", { name: "Photography" }).getByRole("link", { name: "View full gallery" }),
  ).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  // With JavaScript the router switches in place; without, the browser loads the new URL.
  expect(await isSameDocument(page)).toBe(javaScriptEnabled);

  await projectsTab.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("tabpanel", { name: "Projects" }).getByRole("article")).toHaveCount(7);
});

test("arrow keys move between the tabs", { tag: "@js-only" }, async ({ page }) => {
  // Keyboard handling is a JavaScript enhancement.
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Projects" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/tab=photography/);
  await expect(page.getByRole("tab", { name: "Photography" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("tab", { name: "Projects" })).toHaveAttribute("aria-selected", "true");
});

test(
  "the server renders the chosen tab, and the welcome text when none is chosen",
  { tag: "@no-js-only" },
  async ({ page }) => {
    await page.goto("/?tab=photography");
    await expect(page.getByRole("tab", { name: "Photography" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("link", { name: "View full gallery" })).toHaveAttribute("href", "/photography");

    await page.goto("/?tab=unknown");
    await expect(page.getByRole("heading", { name: "Welcome to my portfolio!" })).toBeVisible();
    await expect(page.getByText("Select a section above to view my work.")).toBeVisible();
    await expect(page.getByRole("tab", { selected: true })).toHaveCount(0);
  },
);

// The links' addresses and targets are the server's, the same in both modes.
test("internal demo links stay in the site, external ones open in a new tab", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/");
  for (const [name, path] of [
    ["Sorting visualizer", "/sorting"],
    ["numeral-to-kana", "/foo-bar"],
    ["Game of life", "/life"],
  ] as const) {
    const demo = page.getByRole("link", { name: `Demo: ${name}`, exact: true });
    await expect(demo).toHaveAttribute("href", path);
    await expect(demo).not.toHaveAttribute("target", /.*/);
  }
  const external = page.getByRole("link", { name: "Demo: Career Fair website (opens in a new tab)" });
  await expect(external).toHaveAttribute("target", "_blank");
  await expect(external).toHaveAttribute("rel", "noopener noreferrer");
  const code = page.getByRole("link", { name: "Code: Career Fair website (opens in a new tab)" });
  await expect(code).toHaveAttribute("href", "https://github.com/alex-sample/career-fair");
  await expect(code).toHaveAttribute("rel", "noopener noreferrer");
  // A project without public code has no code button.
  await expect(page.getByRole("link", { name: /^Code: Northwind IT/ })).toHaveCount(0);

  await page.getByRole("article").filter({ hasText: "Sorting visualizer" }).hover();
  await page.getByRole("link", { name: "Demo: Sorting visualizer" }).click();
  await expect(page).toHaveURL(/\/sorting$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sorting visualizer" })).toBeVisible();
});

test("the joke button is replaced by three lines for good", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  if (javaScriptEnabled) await waitForHydration(page);
  await markDocument(page);
  await page.getByRole("button", { name: "Don't press this" }).click();
  await expect(page.getByText("Nothing happened. You just clicked a button")).toBeVisible();
  await expect(page.getByText("Your curiosity is admirable")).toBeVisible();
  await expect(page.getByText("Come back tomorrow, Maybe it will do something")).toBeVisible();
  await expect(page.getByRole("button", { name: "Don't press this" })).toHaveCount(0);
  if (javaScriptEnabled) {
    await expect(page).toHaveURL(/\/$/);
    expect(await isSameDocument(page)).toBe(true);
    await expect(page.getByRole("status")).toBeFocused();
  } else {
    await expect(page).toHaveURL(/\?joke=pressed#joke$/);
  }
  // Switching tabs and back keeps it pressed.
  await page.getByRole("tab", { name: "Photography" }).click();
  await expect(page.getByRole("link", { name: "View full gallery" })).toBeVisible();
  await page.getByRole("tab", { name: "Projects" }).click();
  await expect(page.getByText("Your curiosity is admirable")).toBeVisible();
  await expect(page.getByRole("button", { name: "Don't press this" })).toHaveCount(0);
});

test("photography previews: none at first, then random photos opening in the viewer", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  // The gallery must start empty and hold exactly the photos seeded here: no other test of this file adds any.
  await previewsTest(page, server, javaScriptEnabled);
});

async function previewsTest(page: Page, server: SeedableServer, javaScriptEnabled: boolean) {
  await page.goto(`${server.url}/?tab=photography`);
  await expect(page.getByText("No images available")).toBeVisible();
  await expect(page.getByText("Please check back later.")).toBeVisible();

  const ids = await server.seed(12);
  await page.goto(`${server.url}/?tab=photography`);
  const previews = page.getByRole("list", { name: "Random photos" }).getByRole("link");
  await expect(previews).toHaveCount(10);
  await expect(page.getByText("Loading Images...")).toHaveCount(0);
  const hrefs = await previews.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(new Set(hrefs).size).toBe(10);
  for (const href of hrefs) {
    const id = Number(/^\/photography\?image=(\d+)$/.exec(href ?? "")?.[1]);
    expect(ids).toContain(id);
  }
  await expect(previews.first().getByRole("img")).toHaveAttribute("alt", /^Photo \d+: Description of photo \d+$/);

  if (javaScriptEnabled) {
    // A client-side switch streams the previews in too.
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Projects" }).click();
    await markDocument(page);
    await page.getByRole("tab", { name: "Photography" }).click();
    await expect(previews).toHaveCount(10);
    expect(await isSameDocument(page)).toBe(true);
  }

  await page.getByRole("link", { name: "View full gallery" }).click();
  await expect(page).toHaveURL(/\/photography$/);
}
