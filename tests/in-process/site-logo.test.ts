// The owner's logo (record 089): a PNG only, kept with its transparency and without its metadata, as the stored PNG
// the watermark draws (`logoForMarks`) and as the WebP variants pages show; a refusal keeps the logo there was, and a
// replaced or removed logo's files go.
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HttpError } from "~/server/core/http-error.server";
import { logoForMarks, readLogo, removeLogo, uploadLogo } from "~/server/site/site-logo.server";
import { photoStore } from "~/server/storage/storage.server";
import { makeJpeg, makeLogoPng, pixelFloodPng } from "../support/images";
import { openTemplateSite } from "../support/in-process";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

/** The Site page's form as the browser sends it. */
function logoUpload(data: Buffer, type = "image/png"): Request {
  const form = new FormData();
  form.set("logo", new Blob([new Uint8Array(data)], { type }), "logo.png");
  return new Request("http://localhost/photography/admin/site/logo", { method: "POST", body: form });
}

async function refusal(request: Request): Promise<{ status: number; message: string; field: string | null }> {
  const error = await uploadLogo(request).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { status, message, field } = error as HttpError;
  return { status, message, field };
}

const keyOf = (url: string) => /^\/media\/([a-f0-9]{32})\/w\d+\.webp$/.exec(url)![1]!;
const read = async (key: string, file: string) => buffer((await photoStore().get(key, file))!.stream());

it("keeps a PNG's transparency and drops its EXIF, in the PNG for marks and in every variant", async () => {
  const upload = await makeLogoPng();
  expect((await sharp(upload).metadata()).exif).toBeDefined();
  await uploadLogo(logoUpload(upload));

  const logo = readLogo()!;
  expect(logo).toMatchObject({ width: 600, height: 160 });
  const key = keyOf(logo.url);
  expect(logo.srcset).toBe([80, 160, 320, 600].map((w) => `/media/${key}/w${w}.webp ${w}w`).join(", "));
  const marks = (await logoForMarks())!;
  expect(marks).toMatchObject({ key, width: 600, height: 160 });
  const png = await sharp(marks.png).metadata();
  expect(png).toMatchObject({ format: "png", hasAlpha: true, width: 600, height: 160 });
  expect(png.exif).toBeUndefined();
  expect(png.xmp).toBeUndefined();
  expect(marks.png.includes("Maria Nilsson")).toBe(false);

  expect((await photoStore().files(key)).sort()).toEqual([
    "original",
    "w160.webp",
    "w320.webp",
    "w600.webp",
    "w80.webp",
  ]);
  const variant = await sharp(await read(key, "w600.webp")).metadata();
  expect(variant).toMatchObject({ format: "webp", hasAlpha: true, width: 600 });
  expect(variant.exif).toBeUndefined();
  // The corners are see-through, as they were in the upload.
  const { data } = await sharp(await read(key, "w600.webp"))
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(data[3]).toBe(0);
});

it("refuses anything but a PNG of at most 4000 px a side, naming the field, and keeps the logo", async () => {
  const before = readLogo();
  expect(await refusal(logoUpload(await makeJpeg(200, 100), "image/jpeg"))).toEqual({
    status: 400,
    message: "logo must be a PNG image: this file is JPEG.",
    field: "logo",
  });
  // Named .png and sent as one: the content decides.
  expect(await refusal(logoUpload(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")))).toMatchObject({
    status: 400,
    field: "logo",
  });
  expect(await refusal(logoUpload(pixelFloodPng(4001, 4)))).toEqual({
    status: 400,
    message: "logo must be at most 4000 px a side: this one is 4001 × 4 px.",
    field: "logo",
  });
  expect(readLogo()).toEqual(before);
});

it("removes the replaced logo's files, and the removed one's", async () => {
  const first = keyOf(readLogo()!.url);
  await uploadLogo(logoUpload(await makeLogoPng(300, 80)));
  const second = keyOf(readLogo()!.url);
  expect(second).not.toBe(first);
  expect(await photoStore().files(first)).toEqual([]);
  expect((await logoForMarks())!).toMatchObject({ key: second, width: 300, height: 80 });

  await removeLogo();
  expect(readLogo()).toBeNull();
  expect(await logoForMarks()).toBeNull();
  expect(await photoStore().files(second)).toEqual([]);
});
