// iPhone HEIC (HEVC in HEIF): decoded beside sharp in a worker, then stored
// like any photo; a corrupt one is refused and the server carries on.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { CAMERA_EXIF, CAMERA_HEIC } from "../support/camera";
import { uploadImage } from "../support/images";
import { imageRowCount, storageKeyOf, storedFolders, variantUrls } from "../support/inspect";
import { processMemory } from "../support/requests";
import { loginAdmin, ROOT, startServer, type TestServer } from "../support/server";

const fixture = (name: string) => fs.readFileSync(path.join(ROOT, "tests/fixtures", name));
const HEIC = fixture("photo.heic");
/** Made by tests/fixtures/make-heic-fixtures.mjs: a blue 64 × 48 image first, the red one primary. */
const RED_PRIMARY = fixture("red-primary.heic");
/** 4 KB whose header (the primary) says 64 × 48 while its first image is an 11520 × 10368 grid. */
const GRID_BOMB = fixture("grid-bomb.heic");
/** An 80 × 40 image that an irot property turns to 40 × 80. */
const TURNED = fixture("turned.heic");
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
});
afterAll(() => server?.stop());

const upload = (data: Buffer, filename: string) =>
  uploadImage(server.url, token, { data, filename }, { name: filename });

describe("HEIC uploads", () => {
  it("become a photo like any other: variants, placeholder, the original never served, duplicates refused", async () => {
    const response = await upload(HEIC, "IMG_0001.HEIC");
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(image).toMatchObject({ width: 640, height: 480, size: HEIC.length, filename: "IMG_0001.HEIC" });
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const url of variantUrls(image)) {
      const variant = await fetch(server.url + url);
      expect(variant.status, url).toBe(200);
      const { width, height } = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(width! / height!, url).toBeCloseTo(640 / 480, 1);
    }
    // The decoded colours are the photo's: its sky is orange at the top, its ground dark.
    const { data } = await sharp(Buffer.from(await (await fetch(server.url + image.url)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[data.length - 3]).toBeLessThan(90);

    const original = await fetch(`${server.url}/media/${storageKeyOf(image)}/original`);
    expect(original.status).toBe(404);

    const again = await upload(HEIC, "copy.heic");
    expect(again.status).toBe(409);
  });

  it("refuses a file holding an image past 100 megapixels before decoding any pixel", async () => {
    const rows = imageRowCount(server.dataDir);
    const folders = storedFolders(server.uploadsDir);
    const before = processMemory(server.process.pid!);
    const response = await upload(GRID_BOMB, "bomb.heic");
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/too many pixels/);
    // Decoding the grid would hold 11520 × 10368 RGBA pixels (478 MB) and more in the decoder.
    const growthMb = processMemory(server.process.pid!).peakMb - Math.max(before.rssMb, before.peakMb);
    expect(growthMb).toBeLessThan(150);
    expect(imageRowCount(server.dataDir)).toBe(rows);
    expect(storedFolders(server.uploadsDir)).toEqual(folders);
  });

  it("publishes the primary image, not whichever comes first in the file", async () => {
    const response = await upload(RED_PRIMARY, "red.heic");
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(image).toMatchObject({ width: 64, height: 48 });
    const variant = Buffer.from(await (await fetch(server.url + image.url)).arrayBuffer());
    const { data } = await sharp(variant).raw().toBuffer({ resolveWithObject: true });
    // Red, not the blue first image.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it("publishes a turned HEIC upright: the decoded size is the size the header gives", async () => {
    const response = await upload(TURNED, "turned.heic");
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(image).toMatchObject({ width: 40, height: 80 });
    const variant = Buffer.from(await (await fetch(server.url + image.url)).arrayBuffer());
    expect(await sharp(variant).metadata()).toMatchObject({ width: 40, height: 80 });
  });

  it("keeps the camera details of an HEIC written by libheif, and no GPS", async () => {
    const response = await upload(fs.readFileSync(CAMERA_HEIC), "camera.heic");
    expect(response.status).toBe(201);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ exif: CAMERA_EXIF, taken_at: "2024-06-16T01:30:05+02:00" });
    expect(body).not.toMatch(/gps|latitude|longitude|59\.3|18\.06/i);
  });

  it("refuses a corrupt HEIC with 415, stores nothing and keeps serving", async () => {
    const rows = imageRowCount(server.dataDir);
    const folders = storedFolders(server.uploadsDir);
    // The header survives, so sharp still says HEIF/HEVC: the decoder meets the damage.
    const corrupt = Buffer.concat([HEIC.subarray(0, Math.floor(HEIC.length * 0.6)), Buffer.alloc(512, 0x5a)]);
    const response = await upload(corrupt, "broken.heic");
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toMatch(/^The file is not a supported image/);
    expect(imageRowCount(server.dataDir)).toBe(rows);
    expect(storedFolders(server.uploadsDir)).toEqual(folders);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
