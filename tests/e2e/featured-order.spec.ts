import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";
import { thumbnailIds, viewer } from "./gallery-helpers";
import { loginAdmin } from "../support/server";

/** The owner's "featured first" gallery order: the setting's form and a pin, with and without JavaScript. */
test("a photo pinned to the top shows first in the gallery", async ({ page, server, javaScriptEnabled }) => {
  test.slow();
  const [oldest] = (await server.seed(3, { prefix: "Featured" })) as [number, number, number];
  await loginInBrowser(page);
  try {
    await page.goto("/photography");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Gallery order").selectOption("featured");
    await page.getByRole("button", { name: "Save order" }).click();
    await expect(page.getByRole("link", { name: "Featured first" })).toBeVisible();

    await page.goto(`/photography?image=${oldest}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await viewer(page).getByRole("button", { name: "Pin to the top", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/photography\\?image=${oldest}$`));
    await expect(viewer(page).getByRole("button", { name: "Unpin", exact: true })).toBeVisible();

    // A visitor sees it first too, without the controls.
    await page.context().clearCookies();
    await page.goto("/photography");
    await expect.poll(async () => (await thumbnailIds(page))[0]).toBe(oldest);
    await expect(page.getByLabel("Gallery order")).toHaveCount(0);
  } finally {
    // The worker's server is shared: leave the gallery as the other tests expect it.
    const { cookie } = await loginAdmin(server.url);
    const resets: Record<string, string>[] = [
      { intent: "pin", id: String(oldest), step: "unpin" },
      { intent: "gallery-order", galleryOrder: "newest" },
    ];
    for (const fields of resets) {
      const response = await fetch(`${server.url}/photography`, {
        method: "POST",
        headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({ redirectTo: "/photography", ...fields }),
        redirect: "manual",
      });
      expect(response.status).toBe(303);
    }
  }
});
