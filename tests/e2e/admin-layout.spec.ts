import { makeJpeg, uploadImage } from "../support/images";
import { ADMIN_USERNAME } from "../support/server";
import { expect, openDashboard, test } from "./fixtures";

// Layout: the same CSS and markup with JavaScript or without, so once.
test("the three stat tiles share one row on a phone and on a laptop", { tag: "@js-only" }, async ({ page }) => {
  for (const viewport of [
    { width: 412, height: 915 },
    { width: 1350, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await openDashboard(page);
    const tops = await page
      .locator(".admin-stats dl > div")
      .evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().top)));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
  }
});

test("a refused duplicate keeps its file name and links to the photo already in the gallery", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const buffer = await makeJpeg(700, 500, javaScriptEnabled ? 424_242 : 424_243);
  const first = await uploadImage(
    server.url,
    await server.adminToken(),
    { data: buffer, filename: "first.jpg" },
    { name: "First", description: "" },
  );
  expect(first.status).toBe(201);
  const existing = ((await first.json()) as { id: number }).id;
  const filename = "again.jpg";
  await openDashboard(page, javaScriptEnabled);
  if (javaScriptEnabled) {
    await page.getByLabel("Choose files to upload").setInputFiles([{ name: filename, mimeType: "image/jpeg", buffer }]);
    // The pending item (the batch's summary lists the refusal too).
    const item = page.getByRole("listitem").filter({ has: page.getByRole("img", { name: `Preview of ${filename}` }) });
    await item.getByRole("button", { name: "Upload" }).click();
    await expect(item.getByText("Error uploading image")).toBeVisible();
    await expect(item.getByText(filename, { exact: true })).toBeVisible();
    await item.getByRole("alert").getByRole("link", { name: "See the photo already in the gallery" }).click();
  } else {
    await page
      .getByLabel("Images", { exact: true })
      .setInputFiles([{ name: filename, mimeType: "image/jpeg", buffer }]);
    await page.getByRole("button", { name: "Upload" }).click();
    const refused = page.getByRole("list", { name: "Not uploaded" }).getByRole("listitem");
    await expect(refused).toContainText(filename);
    await refused.getByRole("link", { name: "See the photo already in the gallery" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/photography\\?image=${existing}$`));
  await expect(page.getByRole("dialog")).toBeVisible();
});

test(
  "the first-run checklist leads to each step: Make an album brings the new album's form into view",
  { tag: "@js-only" },
  async ({ page }) => {
    // This file makes no album nor share link, so those steps stay; the steps' ticks are the integration test's.
    await page.setViewportSize({ width: 412, height: 915 });
    await openDashboard(page);
    const checklist = page.getByRole("region", { name: "Getting started" });
    await expect(checklist.getByRole("link", { name: "Share it" })).toBeVisible();
    await checklist.getByRole("link", { name: "Make an album" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/photography/albums" && url.hash === "#new-album");
    await expect(page.getByRole("heading", { name: "New album" })).toBeInViewport();
  },
);

test("the login card stays where it is when the error banner appears", async ({ page }) => {
  await page.goto("/photography/admin");
  const card = page.locator(".login-card");
  const before = await card.boundingBox();
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  const after = await card.boundingBox();
  expect(after!.y).toBeCloseTo(before!.y, 0);
  expect(after!.x).toBeCloseTo(before!.x, 0);
});
