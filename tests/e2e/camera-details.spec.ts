import type { Image } from "~/lib/image";
import { makeDatedJpeg, uploadImage } from "../support/images";
import { CAMERA_LINE, cameraJpeg } from "../support/camera";
import { expect, test, waitForHydration, type SeedableServer } from "./fixtures";
import { expectRoomAroundSeparator, thumbnailIds, viewer } from "./gallery-helpers";

async function upload(server: SeedableServer, data: Buffer, name: string): Promise<Image> {
  const response = await uploadImage(
    server.url,
    await server.adminToken(),
    { data, filename: `${name}.jpg` },
    { name },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

test(
  "the viewer shows the camera line and the date taken, and no GPS anywhere in the page",
  { tag: "@js-only" },
  async ({ page, server }) => {
    const image = await upload(server, cameraJpeg("camera-details"), "Camera test");
    const response = await page.goto(`/photography?image=${image.id}`);
    await waitForHydration(page);
    const dialog = viewer(page);
    await expect(dialog.getByText(CAMERA_LINE)).toBeVisible();
    // Every "·" of a line, here as in the footer, album cards and the favourites count, has room either side.
    await expectRoomAroundSeparator(dialog.getByText(CAMERA_LINE));
    // The camera's own date: 01:30 at +02:00 on June 16 (June 15 in UTC).
    await expect(dialog.getByText("Taken: June 16, 2024")).toBeVisible();
    const html = (await response!.text()) + (await page.content());
    expect(html).not.toMatch(/gps|latitude|59\.3293|18\.0686/i);
  },
);

test("the gallery's order switches to date taken, with and without JavaScript, and the viewer follows it", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  // Taken in the future, so they lead the date-taken order whatever else this server holds: the run without
  // JavaScript, which follows the other on this server, further ahead, with photos of its own (the gallery refuses the
  // same bytes twice).
  const [year, seed] = javaScriptEnabled ? [2030, 501] : [2040, 511];
  const later = await upload(server, await makeDatedJpeg(`${year + 1}:05:01 10:00:00`, seed), "Taken later");
  const earlier = await upload(server, await makeDatedJpeg(`${year}:05:01 10:00:00`, seed + 1), "Taken earlier");
  // Uploaded after both: first by upload, last of the three by date taken.
  const undated = await upload(server, await makeDatedJpeg("not a date", seed + 2), "Never dated");

  await page.goto("/photography");
  if (javaScriptEnabled) await waitForHydration(page);
  const order = page.getByRole("navigation", { name: "Order of the photos" });
  await expect(order.getByRole("link", { name: "Newest uploads" })).toHaveAttribute("aria-current", "true");
  expect((await thumbnailIds(page))[0]).toBe(undated.id);

  await order.getByRole("link", { name: "Date taken" }).click();
  await expect(page).toHaveURL(/\/photography\?sortField=taken_at$/);
  await expect(order.getByRole("link", { name: "Date taken" })).toHaveAttribute("aria-current", "true");
  await expect.poll(async () => (await thumbnailIds(page)).slice(0, 2)).toEqual([later.id, earlier.id]);

  await page.goto(`/photography?sortField=taken_at&image=${later.id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await viewer(page).getByRole("link", { name: "Next image" }).click();
  await expect(viewer(page).getByRole("heading", { name: "Taken earlier", exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`sortField=taken_at.*image=${earlier.id}`));
});
