// Empty states that lead somewhere: the owner is invited to upload, and told how an album gets photos;
// a visitor sees the spec's text and a plain empty album.
import { expect, loginInBrowser, test } from "./fixtures";

// Server-rendered text and a plain link, the same in both modes; this file's other test, with JavaScript, adds an album
// (no photo) to the same server.
test(
  "an empty gallery invites the signed-in owner to upload; a visitor is asked to check back later",
  { tag: "@no-js-only" },
  async ({ page }) => {
    await page.goto("/photography");
    await expect(page.getByRole("heading", { name: "No images available" })).toBeVisible();
    await expect(page.getByText("Please check back later.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upload photos on the dashboard" })).toHaveCount(0);

    await loginInBrowser(page);
    await page.goto("/photography");
    await expect(page.getByRole("heading", { name: "No images available" })).toBeVisible();
    await expect(page.getByText("Please check back later.")).toHaveCount(0);
    await page.getByRole("link", { name: "Upload photos on the dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  },
);

test(
  "an album without photos: plainly empty to a visitor, how to add some to the owner",
  { tag: "@js-only" },
  async ({ page, server }) => {
    const token = await server.adminToken();
    const created = await page.request.post("/api/album", {
      data: { name: "Empty album" },
      headers: { Authorization: `Bearer ${token}` },
    });
    const { slug } = (await created.json()) as { slug: string };
    const howTo = /Choose this album when you upload/;

    await page.goto(`/photography/albums/${slug}`);
    await expect(page.getByRole("heading", { name: "No photos in this album yet." })).toBeVisible();
    await expect(page.getByText(howTo)).toHaveCount(0);
    // One empty message, not the whole gallery's as well.
    await expect(page.getByText("No images available")).toHaveCount(0);

    await loginInBrowser(page);
    await page.goto(`/photography/albums/${slug}`);
    await expect(page.getByText(howTo)).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "dashboard" })).toHaveAttribute("href", "/photography/admin");
    await expect(main.getByRole("link", { name: "gallery" })).toHaveAttribute("href", "/photography");
  },
);
