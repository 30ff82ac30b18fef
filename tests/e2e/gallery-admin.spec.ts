import { allImages } from "../support/images";
import { expect, loginInBrowser, test } from "./fixtures";
import { fetchImage, scrollToEnd, thumbnail, viewer, waitForHydration } from "./gallery-helpers";
import type { Image } from "../../app/lib/image";

const DELETE_QUESTION = "Are you sure you want to delete this image?";

async function imageOf(baseUrl: string, id: number): Promise<Image> {
  return (await (await fetchImage(baseUrl, id)).json()) as Image;
}

test.describe("as the admin", () => {
  test.beforeEach(async ({ page }) => loginInBrowser(page));

  test("Edit saves the name, description and tags; the viewer and the thumbnail show them at once", async ({
    page,
    server,
    javaScriptEnabled,
  }) => {
    const [id] = await server.seed(1, { prefix: "Editable" });
    await page.goto(`/photography?image=${id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await viewer(page).getByRole("link", { name: "Edit" }).click();
    const name = viewer(page).getByPlaceholder("Image name");
    const description = viewer(page).getByPlaceholder("Image description");
    await expect(name).toHaveValue(/^Editable \d+$/);
    await expect(viewer(page).getByLabel("Name")).toBeVisible();
    await name.fill("Harbour at dawn");
    await description.fill("Fog over the water");
    await viewer(page).getByLabel("Tags").fill("harbour, Fog ,");
    await viewer(page).getByRole("button", { name: "Save" }).click();

    await expect(viewer(page).getByRole("heading", { name: "Harbour at dawn" })).toBeVisible();
    await expect(viewer(page).getByText("Fog over the water", { exact: true })).toBeVisible();
    await expect(viewer(page).getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Fog", "harbour"]);
    await expect(viewer(page).getByPlaceholder("Image name")).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get("edit")).toBeNull();
    await expect(thumbnail(page, id!).locator("img")).toHaveAttribute("alt", "Harbour at dawn: Fog over the water");
    expect(await imageOf(server.url, id!)).toMatchObject({
      name: "Harbour at dawn",
      description: "Fog over the water",
      tags: ["Fog", "harbour"],
    });
  });

  test("Cancel leaves the photo as it was", async ({ page, server, javaScriptEnabled }) => {
    const [id] = await server.seed(1, { prefix: "Untouched" });
    const before = await imageOf(server.url, id!);
    await page.goto(`/photography?image=${id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await viewer(page).getByRole("link", { name: "Edit" }).click();
    await viewer(page).getByPlaceholder("Image name").fill("Not saved");
    await viewer(page).getByRole("link", { name: "Cancel" }).click();
    await expect(viewer(page).getByPlaceholder("Image name")).toHaveCount(0);
    await expect(viewer(page).getByRole("heading", { name: before.name })).toBeVisible();
    expect((await imageOf(server.url, id!)).name).toBe(before.name);
  });

  test("a failed save shows the server's message instead of failing silently", async ({
    page,
    server,
    javaScriptEnabled,
  }) => {
    const [id] = await server.seed(1, { prefix: "Kept" });
    await page.goto(`/photography?image=${id}&edit=1`);
    if (javaScriptEnabled) await waitForHydration(page);
    const name = viewer(page).getByPlaceholder("Image name");
    // Spaces pass the browser's required check; the server trims and refuses them.
    await name.fill("   ");
    await viewer(page).getByRole("button", { name: "Save" }).click();
    await expect(viewer(page).getByRole("alert")).toHaveText("name must not be empty");
    await expect(viewer(page).getByPlaceholder("Image name")).toBeVisible();
    expect((await imageOf(server.url, id!)).name).toMatch(/^Kept \d+$/);
  });

  test(
    "with JavaScript, Delete asks the browser to confirm; dismissing keeps the photo, accepting removes it everywhere",
    { tag: "@js-only" },
    async ({ page, server }) => {
      // The confirm dialog needs JavaScript; the no-JS test covers the confirmation step.
      const [neighbour, id] = await server.seed(2, { prefix: "Doomed" });
      await page.goto("/photography");
      await waitForHydration(page);
      await thumbnail(page, id!).click();

      page.once("dialog", (dialog) => {
        expect(dialog.message()).toBe(DELETE_QUESTION);
        void dialog.dismiss();
      });
      await viewer(page).getByRole("link", { name: "Delete" }).click();
      await expect(viewer(page)).toBeVisible();
      expect((await fetchImage(server.url, id!)).status).toBe(200);

      page.once("dialog", (dialog) => void dialog.accept());
      await viewer(page).getByRole("link", { name: "Delete" }).click();
      await expect(viewer(page)).toHaveCount(0);
      await expect(thumbnail(page, id!)).toHaveCount(0);
      // Focus lands on the next photo's thumbnail, the deleted one being gone.
      await expect(thumbnail(page, neighbour!)).toBeFocused();
      expect((await fetchImage(server.url, id!)).status).toBe(404);
    },
  );

  test(
    "with JavaScript, edits and deletes reach photos loaded by infinite scroll",
    { tag: "@js-only" },
    async ({ page, server }) => {
      // Infinite scroll needs JavaScript.
      if ((await allImages(server.url)).length < 30) await server.seed(30);
      const images = await allImages(server.url);
      const [edited, removed] = [images.at(-1)!, images.at(-2)!];
      await page.goto("/photography");
      await waitForHydration(page);
      await scrollToEnd(page);
      // The owner's gallery also lists photos other files of this worker hid, which `allImages` (a visitor's) leaves out.
      const shown = await page.locator(".gallery-thumb").count();

      await thumbnail(page, edited.id).click();
      await viewer(page).getByRole("link", { name: "Edit" }).click();
      await viewer(page).getByPlaceholder("Image name").fill("Renamed far down");
      await viewer(page).getByRole("button", { name: "Save" }).click();
      await expect(viewer(page).getByRole("heading", { name: "Renamed far down" })).toBeVisible();
      // The heading is there (hidden) in the form too, which stays until the step back to viewing lands: Escape in
      // the form would leave the form, not the viewer.
      await expect(viewer(page).getByRole("form", { name: "Edit image" })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(thumbnail(page, edited.id).locator("img")).toHaveAttribute("alt", /^Renamed far down/);

      // Brought on screen first: a thumbnail far off screen is not drawn (content-visibility), and a click waits for it.
      await thumbnail(page, removed.id).evaluate((link) => link.scrollIntoView({ block: "center" }));
      await thumbnail(page, removed.id).click();
      page.once("dialog", (dialog) => void dialog.accept());
      await viewer(page).getByRole("link", { name: "Delete" }).click();
      await expect(viewer(page)).toHaveCount(0);
      await expect(thumbnail(page, removed.id)).toHaveCount(0);
      await expect(page.locator(".gallery-thumb")).toHaveCount(shown - 1);
    },
  );

  test(
    "without JavaScript, Delete goes through a confirmation step with Cancel",
    { tag: "@no-js-only" },
    async ({ page, server }) => {
      // With JavaScript the browser's confirm replaces the step.
      const [id] = await server.seed(1, { prefix: "Doomed" });
      await page.goto(`/photography?image=${id}`);
      await viewer(page).getByRole("link", { name: "Delete" }).click();
      await expect(viewer(page).getByText(DELETE_QUESTION)).toBeVisible();
      await viewer(page).getByRole("link", { name: "Cancel" }).click();
      await expect(viewer(page).getByText(DELETE_QUESTION)).toHaveCount(0);
      expect((await fetchImage(server.url, id!)).status).toBe(200);

      await viewer(page).getByRole("link", { name: "Delete" }).click();
      await viewer(page).getByRole("button", { name: "Delete" }).click();
      await expect(viewer(page)).toHaveCount(0);
      expect(new URL(page.url()).search).toBe("");
      await expect(thumbnail(page, id!)).toHaveCount(0);
      expect((await fetchImage(server.url, id!)).status).toBe(404);
    },
  );
});

test.describe("as a visitor", () => {
  test(
    "no admin controls show, not even through the edit and confirm URLs",
    { tag: "@js-only" },
    async ({ page, server }) => {
      const [id] = await server.seed(1, { prefix: "Public" });
      for (const query of ["", "&edit=1", "&confirm=delete"]) {
        await page.goto(`/photography?image=${id}${query}`);
        await expect(viewer(page)).toBeVisible();
        await expect(viewer(page).getByRole("link", { name: "Edit" })).toHaveCount(0);
        await expect(viewer(page).getByRole("link", { name: "Delete" })).toHaveCount(0);
        await expect(viewer(page).getByPlaceholder("Image name")).toHaveCount(0);
        await expect(viewer(page).getByText(DELETE_QUESTION)).toHaveCount(0);
      }
    },
  );
});
