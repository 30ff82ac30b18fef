// The viewer fades in when it opens in place; without JavaScript each step to
// the next photo is a new page, which must not replay that fade every time.
import { expect, test } from "./fixtures";
import { thumbnail, viewer, waitForHydration } from "./gallery-helpers";

test("stepping through photos replays no fade-in; opening in place still fades in", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const [, newer] = await server.seed(2, { prefix: "Fade" });
  await page.goto("/photography");
  if (javaScriptEnabled) await waitForHydration(page);
  await thumbnail(page, newer!).click();
  await expect(viewer(page)).toBeVisible();
  if (javaScriptEnabled) await expect(viewer(page)).toHaveCSS("animation-name", "viewer-in");

  await viewer(page).getByRole("link", { name: "Next image" }).click();
  await expect(page).not.toHaveURL(new RegExp(`image=${newer}(&|$)`));
  await expect(viewer(page)).toBeVisible();
  // With JavaScript the dialog stays on the page (its animation ran once, at opening); without, it is drawn anew.
  if (!javaScriptEnabled) await expect(viewer(page)).toHaveCSS("animation-name", "none");
});
