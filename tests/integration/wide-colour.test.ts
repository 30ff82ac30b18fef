// A Display P3 photo keeps its gamut: every served variant carries the compact
// P3 profile with the photo's own P3 values; an sRGB photo's variants stay
// untagged sRGB.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { iccDescription } from "~/server/photos/colour-profile.server";
import { uploadImage } from "../support/images";
import { variantUrls } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
});
afterAll(() => server?.stop());

/** A photo of one saturated green, encoded in the given profile. */
async function greenPhoto(profile: "p3" | "srgb", seed: number): Promise<Buffer> {
  return sharp({ create: { width: 1400, height: 900, channels: 3, background: { r: 20, g: 230, b: seed } } })
    .withIccProfile(profile)
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function upload(data: Buffer, name: string): Promise<Image> {
  const response = await uploadImage(server.url, token, { data, filename: `${name}.jpg` });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

/** The middle pixel as the file stores it, in its own profile, and the profile's name. */
async function inspectVariant(url: string) {
  const bytes = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
  const { icc } = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).keepIccProfile().raw().toBuffer({ resolveWithObject: true });
  const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { profile: iccDescription(icc), pixel: [...data.subarray(middle, middle + 3)] };
}

describe("wide colour", () => {
  it("a Display P3 photo's variants carry the compact P3 profile and its P3 values", async () => {
    const original = await greenPhoto("p3", 40);
    const { data } = await sharp(original).keepIccProfile().raw().toBuffer({ resolveWithObject: true });
    const p3Pixel = [...data.subarray(0, 3)];
    const image = await upload(original, "P3 green");
    for (const url of variantUrls(image)) {
      const variant = await inspectVariant(url);
      expect(variant.profile, url).toBe("sP3C");
      variant.pixel.forEach((value, i) => expect(Math.abs(value - p3Pixel[i]!), url).toBeLessThanOrEqual(6));
    }
  });

  it("an sRGB photo's variants stay untagged sRGB", async () => {
    const image = await upload(await greenPhoto("srgb", 41), "sRGB green");
    for (const url of variantUrls(image)) expect((await inspectVariant(url)).profile, url).toBeUndefined();
  });
});
