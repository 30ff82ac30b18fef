import { makeJpeg } from "../support/images";
import { expect, oneServerPerMode, test } from "./fixtures";

// Each mode adds, hides and moves the same cards, starting from the sample ones.
oneServerPerMode();

test("the owner adds a project with an image, hides one and reorders; the home page follows", async ({
  page,
  javaScriptEnabled,
}) => {
  // Eight page loads, an upload and a home page: more than the default budget on a busy machine.
  test.slow();
  const login = await page.request.post("/api/auth/login", {
    data: { username: "admin", password: "test-password-123" },
  });
  expect(login.status()).toBe(200);
  await page.goto("/photography/admin/site/projects");
  await expect(page.getByRole("heading", { level: 2, name: "Cards" })).toBeVisible();

  // Add a card, then its image on the form the page opens for it.
  const add = page.getByRole("form", { name: "Add a project" });
  await add.getByLabel("Name").fill("Tide tables");
  await add.getByLabel("Demo link").fill("javascript:alert(1)");
  await add.getByRole("button", { name: "Add project" }).click();
  await expect(page.getByRole("alert")).toContainText("demoUrl must be an http:// or https:// address");
  // Refused: what was typed stays, nothing was added.
  await expect(add.getByLabel("Name")).toHaveValue("Tide tables");
  await expect(page.getByRole("listitem", { name: "Tide tables" })).toHaveCount(0);
  await add.getByLabel("Demo link").fill("https://tides.example.com");
  await add.getByLabel("Tags").fill("Go, Maps");
  await add.getByLabel("Media description").fill("A tide chart for one week");
  await add.getByRole("button", { name: "Add project" }).click();

  const media = page.getByRole("form", { name: "Media of Tide tables" });
  await media.getByLabel("Image or poster").setInputFiles({
    name: "tides.jpg",
    mimeType: "image/jpeg",
    buffer: await makeJpeg(1200, 900, 7),
  });
  await media.getByRole("button", { name: "Upload media" }).click();
  await expect(media.getByRole("status")).toHaveText("Image saved.");
  // With JavaScript the list becomes its drag-and-drop version once that chunk arrives: a click during the swap
  // would land on a button being replaced.
  if (javaScriptEnabled)
    await expect(page.getByRole("button", { name: "Move Tide tables", exact: true })).toBeVisible();

  // Hide one, move another up.
  await page.getByRole("button", { name: "Hide Career Fair website" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project hidden." })).toBeVisible();
  await page.getByRole("button", { name: "Move Alcohol per krona up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order saved." })).toBeVisible();

  await page.goto("/");
  const titles = page.getByRole("article").getByRole("heading", { level: 3 });
  // External demos add " (opens in a new tab)" for screen readers.
  await expect(titles).toHaveText(
    [
      "Alcohol per krona",
      "numeral-to-kana",
      "Sorting visualizer",
      "Northwind IT",
      "Departure kiosk",
      "Game of life",
      "Tide tables",
    ].map((name) => new RegExp(`^${name}`)),
  );
  const tides = page.getByRole("article").filter({ hasText: "Tide tables" });
  await expect(tides.getByRole("img", { name: "A tide chart for one week" })).toHaveAttribute(
    "src",
    /^\/media\/project-[0-9a-f]{32}\/w\d+\.webp$/,
  );
  await expect(tides.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Go", "Maps"]);
  // Below the fold the card's image loads lazily: brought into view, it must load.
  await tides.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      tides
        .getByRole("img", { name: "A tide chart for one week" })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
});
