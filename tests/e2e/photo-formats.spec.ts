import type { Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Image, ImagePage } from "~/lib/image";
import { iccDescription } from "~/server/photos/colour-profile.server";
import { ROOT } from "../support/server";
import { expect, oneServerPerMode, openDashboard, test } from "./fixtures";

// The gallery refuses the same photo twice, and both modes upload the same files.
oneServerPerMode();

const heic = {
  name: "IMG_4032.HEIC",
  mimeType: "image/heic",
  buffer: fs.readFileSync(path.join(ROOT, "tests/fixtures/photo.heic")),
};

async function p3Photo(seed: number) {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 220, b: seed } },
  })
    .withIccProfile("p3")
    .jpeg()
    .toBuffer();
  return { name: `p3-${seed}.jpg`, mimeType: "image/jpeg", buffer };
}

async function stored(page: Page, filename: string): Promise<Image | undefined> {
  const { images } = (await (await page.request.get("/api/image")).json()) as ImagePage;
  return images.find((image) => image.filename === filename);
}

test("an iPhone HEIC and a Display P3 photo upload from the dashboard; the P3 one keeps a P3 profile", async ({
  page,
  javaScriptEnabled,
}) => {
  const p3 = await p3Photo(javaScriptEnabled ? 60 : 61);
  await openDashboard(page, javaScriptEnabled);
  if (javaScriptEnabled) {
    await page.getByLabel("Choose files to upload").setInputFiles([heic, p3]);
    await page.getByRole("button", { name: "Upload all" }).click();
    await expect(page.getByRole("status")).toContainText("2 of 2 uploaded · View them");
  } else {
    await page.getByLabel("Images", { exact: true }).setInputFiles([heic, p3]);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("2 of 2 uploaded · View them");
  }

  const fromIphone = await stored(page, heic.name);
  expect(fromIphone).toMatchObject({ width: 640, height: 480 });
  const heicVariant = await page.request.get(fromIphone!.url);
  expect(heicVariant.headers()["content-type"]).toBe("image/webp");

  const wide = await stored(page, p3.name);
  const variant = await page.request.get(wide!.url);
  expect(iccDescription((await sharp(await variant.body()).metadata()).icc)).toBe("sP3C");

  await page.goto(`/photography?image=${fromIphone!.id}`);
  await expect(page.getByRole("dialog").getByRole("img")).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByRole("dialog")
        .getByRole("img")
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
});
