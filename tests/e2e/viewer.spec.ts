import type { Page } from "@playwright/test";
import { formatBytes, formatLongDate } from "../../app/lib/format";
import type { Image } from "../../app/lib/image";
import { allImages } from "../support/images";
import { expect, test, beforeFirstTest } from "./fixtures";
import { thumbnail, viewer, waitForHydration } from "./gallery-helpers";

/** Loads the gallery; with JavaScript, also waits until React took over so clicks open the viewer in place. */
async function openGallery(page: Page, javaScriptEnabled: boolean, path = "/photography") {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Counts requests for route data, which opening the viewer in place must not make. */
function countDataRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) count++;
  });
  return () => count;
}

async function expectViewerShows(page: Page, image: Image) {
  const dialog = viewer(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: image.name })).toBeVisible();
  if (image.description) await expect(dialog.getByText(image.description, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`Uploaded: ${formatLongDate(image.uploaded_at)}`)).toBeVisible();
  await expect(dialog.getByText(`Size: ${formatBytes(image.size)}`)).toBeVisible();
  await expect(dialog.getByRole("img")).toHaveAttribute(
    "alt",
    image.description ? `${image.name}: ${image.description}` : image.name,
  );
  expect(new URL(page.url()).searchParams.get("image")).toBe(String(image.id));
}

beforeFirstTest(async (server) => {
  if ((await allImages(server.url)).length < 30) await server.seed(30);
});

test("the date and size texts use the long English date and binary units", { tag: "@js-only" }, async () => {
  expect(formatLongDate("2026-11-22T10:00:00.000Z")).toBe("November 22, 2026");
  expect(formatBytes(1536)).toBe("1.5 KB");
});

test(
  "clicking a thumbnail opens the viewer in place; the close button closes it with a fade and focus returns",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // The no-JS test below covers links.
    const [, image] = await allImages(server.url);
    await openGallery(page, true);
    const dataRequests = countDataRequests(page);
    await thumbnail(page, image!.id).click();
    await expectViewerShows(page, image!);
    // The list is already in the browser: no loader round trip to open a photo.
    expect(dataRequests()).toBe(0);
    await expect(viewer(page)).toBeFocused();

    // The fade lasts 300 ms: a busy machine can let it end before a poll sees it, so the page records it.
    await viewer(page).evaluate((dialog) => {
      new MutationObserver(() => {
        if (dialog.classList.contains("viewer--closing")) Object.assign(window, { sawClosing: true });
      }).observe(dialog, { attributeFilter: ["class"] });
    });
    await page.getByRole("link", { name: "Close" }).click();
    await expect(viewer(page)).toHaveCount(0);
    expect(await page.evaluate(() => "sawClosing" in window)).toBe(true);
    expect(new URL(page.url()).searchParams.has("image")).toBe(false);
    await expect(thumbnail(page, image!.id)).toBeFocused();
    expect(dataRequests()).toBe(0);
  },
);

test("Escape closes the viewer and focus returns to the thumbnail", { tag: "@js-only" }, async ({ page, server }) => {
  // Keyboard handling needs JavaScript.
  const [image] = await allImages(server.url);
  await openGallery(page, true);
  await thumbnail(page, image!.id).click();
  await expectViewerShows(page, image!);
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(thumbnail(page, image!.id)).toBeFocused();
});

test(
  "a click on the backdrop closes the viewer, a click on the photo does not",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // Backdrop clicks need JavaScript.
    const [image] = await allImages(server.url);
    await openGallery(page, true);
    await thumbnail(page, image!.id).click();
    await viewer(page).getByRole("img").click();
    // Closing would start within the click (it adds viewer--closing): once two frames are painted, it has not.
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    await expect(viewer(page)).not.toHaveClass(/viewer--closing/);
    await expect(viewer(page)).toBeVisible();
    await viewer(page).click({ position: { x: 10, y: 10 } });
    await expect(viewer(page)).toHaveCount(0);
    await expect(thumbnail(page, image!.id)).toBeFocused();
  },
);

test("focus stays inside the open viewer", { tag: "@js-only" }, async ({ page, server }) => {
  // The focus trap needs JavaScript; without it the page behind is inert.
  const [, image] = await allImages(server.url);
  await openGallery(page, true);
  await thumbnail(page, image!.id).click();
  await expect(viewer(page)).toBeVisible();
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await viewer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
});

test("arrow keys and the previous/next buttons move between photos", { tag: "@js-only" }, async ({ page, server }) => {
  // The no-JS test below follows the links.
  const [first, second, third] = await allImages(server.url);
  await openGallery(page, true);
  await thumbnail(page, second!.id).click();
  await expectViewerShows(page, second!);
  await page.keyboard.press("ArrowRight");
  await expectViewerShows(page, third!);
  await page.keyboard.press("ArrowLeft");
  await expectViewerShows(page, second!);
  await page.keyboard.press("ArrowLeft");
  await expectViewerShows(page, first!);
  await expect(viewer(page).getByRole("link", { name: "Previous image" })).toHaveCount(0);
  await viewer(page).getByRole("link", { name: "Next image" }).click();
  await expectViewerShows(page, second!);
  await viewer(page).getByRole("link", { name: "Previous image" }).click();
  await expectViewerShows(page, first!);
  // Stepping replaced the history entry, so closing steps back to the gallery's own entry.
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(thumbnail(page, first!.id)).toBeFocused();
  expect(new URL(page.url()).search).toBe("");
  await page.goBack();
  expect(new URL(page.url()).pathname).not.toBe("/photography");
});

test(
  "Next on the last loaded photo fetches the next page and moves on",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // Without JavaScript the server knows the neighbours.
    const images = await allImages(server.url);
    const lastOfPage = images[23]!;
    await openGallery(page, true);
    await thumbnail(page, lastOfPage.id).click();
    await expectViewerShows(page, lastOfPage);
    await page.keyboard.press("ArrowRight");
    await expectViewerShows(page, images[24]!);
  },
);

test(
  "without JavaScript the thumbnail, close, previous and next are links the server answers",
  { tag: "@no-js-only" },
  async ({ page, server }) => {
    // The JS tests above cover the enhanced viewer.
    const [first, second] = await allImages(server.url);
    await page.goto("/photography");
    await thumbnail(page, second!.id).click();
    await expectViewerShows(page, second!);
    await viewer(page).getByRole("link", { name: "Previous image" }).click();
    await expectViewerShows(page, first!);
    await viewer(page).getByRole("link", { name: "Next image" }).click();
    await expectViewerShows(page, second!);
    await viewer(page).getByRole("link", { name: "Close" }).click();
    await expect(viewer(page)).toHaveCount(0);
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("heading", { name: "Image Gallery" })).toBeVisible();
  },
);

test("a deep link renders the viewer on the server with the photo's Open Graph tags", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const images = await allImages(server.url);
  // A photo beyond the first page, so the list in the browser does not hold it.
  const image = images[27]!;
  const response = await page.goto(`/photography?image=${image.id}`);
  expect(response?.status()).toBe(200);
  await expectViewerShows(page, image);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(`^${image.name} \\|`));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new URL(image.url, server.url).href,
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    `${server.url}/photography?image=${image.id}`,
  );
  // Its neighbours come from the server too.
  await viewer(page).getByRole("link", { name: "Next image" }).click();
  await expectViewerShows(page, images[28]!);
  if (javaScriptEnabled) {
    // Escape is the page's script: a Next clicked before hydration loads the next photo's page anew.
    await waitForHydration(page);
    await page.keyboard.press("Escape");
  } else {
    await viewer(page).getByRole("link", { name: "Close" }).click();
  }
  await expect(viewer(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Image Gallery" })).toBeVisible();
});

test("a deep link to a photo that does not exist is a 404 inside the gallery, with a way back", async ({ page }) => {
  const response = await page.goto("/photography?image=999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Image Gallery" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Photo not found" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
  await expect(viewer(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the gallery" }).click();
  await expect(page).toHaveURL(/\/photography$/);
  await expect(page.getByRole("heading", { name: "Photo not found" })).toHaveCount(0);
});

test(
  "a deep link opens with focus on the dialog itself, no ring on Close; Tab moves to a control with its ring",
  { tag: "@js-only" },
  async ({ page, server }) => {
    // Focus is moved by the page's script.
    const [image] = await allImages(server.url);
    await page.goto(`/photography?image=${image!.id}`);
    await waitForHydration(page);
    await expect(viewer(page)).toBeFocused();
    const close = page.getByRole("link", { name: "Close" });
    await expect(close).not.toBeFocused();
    expect(await close.evaluate((link) => link.matches(":focus-visible"))).toBe(false);

    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused).toHaveCount(1);
    // A control inside the dialog, not the dialog, and drawn with the keyboard's ring (:focus-visible).
    expect(await focused.evaluate((element) => element.getAttribute("role") !== "dialog")).toBe(true);
    expect(await focused.evaluate((element) => element.closest("[role=dialog]") !== null)).toBe(true);
    expect(await focused.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
  },
);
