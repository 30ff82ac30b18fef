import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, paddedJpeg, pixelFloodPng, uploadImage } from "../support/images";
import { imageRowCount, queryDb, storageKeyOf, storedFolders, tmpEntries, variantUrls } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";
import { unfinishedUpload } from "../support/uploads-in-flight";

const ACCEPTED = "Accepted types: JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF.";

let server: TestServer;
let token: string;

/** Asserts that a refused upload left nothing behind: no row, no image folder, no temp file. */
function expectNothingStored(target: TestServer, before: { rows: number; folders: string[] }) {
  expect(imageRowCount(target.dataDir)).toBe(before.rows);
  expect(storedFolders(target.uploadsDir)).toEqual(before.folders);
  expect(tmpEntries(target.uploadsDir)).toEqual([]);
}

function snapshot(target: TestServer) {
  return { rows: imageRowCount(target.dataDir), folders: storedFolders(target.uploadsDir) };
}

function noiseJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A real JPEG whose frame header is rewritten to claim the given size. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await makeJpeg(64, 48, 901));
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

async function metadataOf(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

beforeAll(async () => {
  server = await startServer();
  ({ token } = await loginAdmin(server.url));
});

afterAll(async () => {
  await server?.stop();
});

describe("POST /api/image", () => {
  it("201 with every field of the Image JSON", async () => {
    const data = await makeJpeg(1000, 600, 1);
    const sentAt = Date.now();
    const response = await uploadImage(
      server.url,
      token,
      { data, filename: "harbour.jpg" },
      { name: " Harbour ", description: " Morning fog " },
    );
    const answeredAt = Date.now();
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(Object.keys(image).sort()).toEqual([
      "albumIds",
      "avifSrcset",
      "description",
      "exif",
      "filename",
      "height",
      "id",
      "name",
      "placeholder",
      "size",
      "srcset",
      "tags",
      "taken_at",
      "uploaded_at",
      "url",
      "visibility",
      "width",
    ]);
    expect(image).toMatchObject({
      name: "Harbour",
      description: "Morning fog",
      filename: "harbour.jpg",
      size: data.length,
      width: 1000,
      height: 600,
    });
    expect(image.id).toEqual(expect.any(Number));
    expect(image.uploaded_at).toBe(new Date(image.uploaded_at).toISOString());
    // Stamped while the request was handled (same clock, milliseconds).
    expect(Date.parse(image.uploaded_at)).toBeGreaterThanOrEqual(sentAt);
    expect(Date.parse(image.uploaded_at)).toBeLessThanOrEqual(answeredAt);
    expect(image.url).toMatch(/^\/media\/[a-f0-9]{32}\/w1000\.webp$/);
    expect(image.srcset).toMatch(
      /^\/media\/[a-f0-9]{32}\/w320\.webp 320w, \S+w480\.webp 480w, \S+w640\.webp 640w, \S+w720\.webp 720w, \S+w800\.webp 800w, \S+w960\.webp 960w, \S+w1000\.webp 1000w$/,
    );
    expect(image.avifSrcset).toMatch(
      /w320\.avif 320w, \S+w480\.avif 480w, \S+w640\.avif 640w, \S+w720\.avif 720w, \S+w800\.avif 800w, \S+w960\.avif 960w$/,
    );
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(await fetch(`${server.url}/api/image/${image.id}`).then((r) => r.json())).toEqual(image);

    for (const url of variantUrls(image)) {
      const width = Number(url.match(/w(\d+)\.\w+$/)![1]);
      const meta = await metadataOf(`${server.url}${url}`);
      expect(meta.width).toBe(width);
      expect(meta.format).toBe(url.endsWith(".avif") ? "heif" : "webp");
    }
    const key = storageKeyOf(image);
    expect(fs.readdirSync(path.join(server.uploadsDir, "images", key)).sort()).toEqual([
      "original",
      "w1000.webp",
      "w320.avif",
      "w320.webp",
      "w480.avif",
      "w480.webp",
      "w640.avif",
      "w640.webp",
      "w720.avif",
      "w720.webp",
      "w800.avif",
      "w800.webp",
      "w960.avif",
      "w960.webp",
    ]);
    expect(fs.readFileSync(path.join(server.uploadsDir, "images", key, "original")).equals(data)).toBe(true);
    const [row] = queryDb<{ checksum: string; mime_type: string }>(
      server.dataDir,
      "SELECT checksum, mime_type FROM images WHERE id = ?",
      image.id,
    );
    expect(row).toEqual({ checksum: crypto.createHash("sha256").update(data).digest("hex"), mime_type: "image/jpeg" });
    expect(tmpEntries(server.uploadsDir)).toEqual([]);
  });

  it("a blank name falls back to the file name without its extension; never upscales a small image", async () => {
    const response = await uploadImage(
      server.url,
      token,
      { data: await makeJpeg(200, 100, 2), filename: "tiny.jpg" },
      { name: "  " },
    );
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(image).toMatchObject({ name: "tiny", width: 200, height: 100 });
    expect(variantUrls(image).map((u) => u.split("/").at(-1))).toEqual(["w200.webp", "w200.avif"]);
  });

  it.each([
    ["PNG", "image/png", (s: Sharp) => s.png()],
    ["WebP", "image/webp", (s: Sharp) => s.webp()],
    ["AVIF", "image/avif", (s: Sharp) => s.avif()],
    ["GIF", "image/gif", (s: Sharp) => s.gif()],
    ["TIFF", "image/tiff", (s: Sharp) => s.tiff()],
  ])("accepts %s by its content, whatever the name and the client's type", async (_format, mimeType, encode) => {
    const data = await encode(
      sharp({
        create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 200, b: crypto.randomInt(256) } },
      }),
    ).toBuffer();
    const response = await uploadImage(server.url, token, { data, filename: "notes.txt", type: "text/plain" });
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(image).toMatchObject({ width: 120, height: 80, filename: "notes.txt" });
    expect(queryDb(server.dataDir, "SELECT mime_type FROM images WHERE id = ?", image.id)).toEqual([
      { mime_type: mimeType },
    ]);
  });

  it("401 without a valid token, nothing stored", async () => {
    const before = snapshot(server);
    const data = await makeJpeg(100, 100, 3);
    for (const headers of [{}, { Authorization: "Bearer not-a-token" }, { Authorization: `Basic ${token}` }] as Record<
      string,
      string
    >[]) {
      const form = new FormData();
      form.set("name", "x");
      form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), "x.jpg");
      const response = await fetch(`${server.url}/api/image`, { method: "POST", headers, body: form });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "You must be logged in as the admin." });
    }
    expectNothingStored(server, before);
  });

  it("409 for the same file twice, with the existing image's id", async () => {
    const data = await makeJpeg(150, 100, 4);
    const first = (await (await uploadImage(server.url, token, { data, filename: "a.jpg" })).json()) as Image;
    const before = snapshot(server);
    const again = await uploadImage(server.url, token, { data, filename: "renamed.png" }, { name: "Other" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: `This image was already uploaded (image ${first.id}).`,
      id: first.id,
    });
    expectNothingStored(server, before);
  });

  it("the same new file sent twice at once is stored once", async () => {
    const data = await makeJpeg(300, 200, 5);
    const before = snapshot(server);
    const responses = await Promise.all(
      [1, 2].map(() => uploadImage(server.url, token, { data, filename: "twice.jpg" })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const [created, duplicate] = await Promise.all(
      [responses.find((r) => r.status === 201)!, responses.find((r) => r.status === 409)!].map((r) => r.json()),
    );
    expect((duplicate as { id: number }).id).toBe((created as Image).id);
    expect(imageRowCount(server.dataDir)).toBe(before.rows + 1);
    expect(storedFolders(server.uploadsDir)).toHaveLength(before.folders.length + 1);
    expect(tmpEntries(server.uploadsDir)).toEqual([]);
  });

  it.each([
    [
      "an SVG renamed .jpg",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle r="40" cx="50" cy="50"/></svg>',
      ),
    ],
    ["an HTML file renamed .jpg", Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>")],
    ["a text file", Buffer.from("just some notes\n".repeat(20))],
    ["a PDF", Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")],
    ["a 0-byte file", Buffer.alloc(0)],
  ])("415 for %s, nothing stored", async (_label, data) => {
    const before = snapshot(server);
    const response = await uploadImage(server.url, token, { data, filename: "photo.jpg", type: "image/jpeg" });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toContain(ACCEPTED);
    expectNothingStored(server, before);
  });

  it("415 for a truncated JPEG, nothing stored", async () => {
    const whole = await noiseJpeg(400, 300);
    const before = snapshot(server);
    for (const fraction of [0.2, 0.6, 0.95]) {
      const data = whole.subarray(0, Math.floor(whole.length * fraction));
      const response = await uploadImage(server.url, token, { data, filename: `cut-${fraction}.jpg` });
      expect(response.status, `cut at ${fraction}`).toBe(415);
      expect(((await response.json()) as { message: string }).message).toContain(ACCEPTED);
    }
    expectNothingStored(server, before);
  });

  it.each([
    ["a tiny PNG declaring 50000 × 50000 pixels", () => pixelFloodPng(50_000, 50_000)],
    ["a JPEG declaring 65000 × 65000 pixels", () => jpegClaiming(65_000, 65_000)],
  ])("refuses %s from its header with 413/415, nothing stored", async (_label, make) => {
    const data = await make();
    expect(data.length).toBeLessThan(10_000);
    const before = snapshot(server);
    // Decoding it would take minutes and gigabytes; how fast the refusal is: `npm run bench`.
    const response = await uploadImage(server.url, token, { data, filename: "flood.png" });
    expect([413, 415]).toContain(response.status);
    expect(((await response.json()) as { message: string }).message).toMatch(/pixels|Accepted types/);
    expectNothingStored(server, before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("strips EXIF and GPS from every served variant", async () => {
    const marker = "EXIF-MARKER-7f3a";
    const data = await sharp(await makeJpeg(1400, 900, 6))
      .withExif({
        IFD0: { Copyright: marker, Artist: marker },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 1234/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 3900/100",
        },
      })
      .jpeg()
      .toBuffer();
    const source = await sharp(data).metadata();
    expect(source.exif?.includes(marker)).toBe(true);
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag (little-endian)

    const response = await uploadImage(server.url, token, { data, filename: "gps.jpg" });
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    const urls = variantUrls(image);
    expect(urls.filter((u) => u.endsWith(".webp")).length).toBeGreaterThanOrEqual(5);
    expect(urls.filter((u) => u.endsWith(".avif")).length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      const bytes = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.iptc, url).toBeUndefined();
      expect(bytes.includes(marker), url).toBe(false);
      expect(bytes.includes("Exif\0\0"), url).toBe(false);
    }
    const placeholder = Buffer.from(image.placeholder.split(",")[1]!, "base64");
    expect((await sharp(placeholder).metadata()).exif).toBeUndefined();
    expect((await fetch(`${server.url}/media/${storageKeyOf(image)}/original`)).status).toBe(404);
  });

  it("reports an EXIF-rotated JPEG upright and serves it upright", async () => {
    const data = await sharp(await makeJpeg(300, 200, 7))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await sharp(data).metadata()).toMatchObject({ width: 300, height: 200, orientation: 6 });
    const response = await uploadImage(server.url, token, { data, filename: "rotated.jpg" });
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(image).toMatchObject({ width: 200, height: 300 });
    for (const url of variantUrls(image)) {
      const meta = await metadataOf(`${server.url}${url}`);
      expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({
        width: 200,
        height: 300,
        orientation: undefined,
      });
    }
  });

  it.each([
    ["../../evil.jpg", "evil.jpg"],
    ["..\\..\\evil-win.jpg", "evil-win.jpg"],
    ["/etc/cron.d/evil-abs.jpg", "evil-abs.jpg"],
  ])("stores the file name %j as a base name and writes nothing outside uploads", async (filename, stored) => {
    const base = path.dirname(server.uploadsDir);
    const before = fs.readdirSync(base).sort();
    const response = await uploadImage(
      server.url,
      token,
      { data: await makeJpeg(80, 60, 100 + filename.length), filename },
      { name: "traversal" },
    );
    expect(response.status).toBe(201);
    const image = (await response.json()) as Image;
    expect(image.filename).toBe(stored);
    expect(fs.readdirSync(base).sort()).toEqual(before);
    for (const dir of [base, path.dirname(base), server.uploadsDir, path.join(server.uploadsDir, "images")]) {
      expect(fs.existsSync(path.join(dir, stored)), dir).toBe(false);
    }
    expect(
      fs
        .readdirSync(path.join(server.uploadsDir, "images", storageKeyOf(image)))
        .every((f) => f === "original" || /^w\d+\.(webp|avif)$/.test(f)),
    ).toBe(true);
  });

  it("drops control characters from an encoded file name (filename*)", async () => {
    const boundary = "----api-test-boundary";
    const jpeg = await makeJpeg(90, 60, 200);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nencoded\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename*=UTF-8''..%2F..%2Fevil%00%07%1B-ctl.jpg\r\n`,
      ),
      Buffer.from("Content-Type: image/jpeg\r\n\r\n"),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${server.url}/api/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Image).filename).toBe("evil-ctl.jpg");
  });

  it("400 for a malformed multipart body, answered (not a dropped connection), nothing stored", async () => {
    const before = snapshot(server);
    const boundary = "----api-test-boundary";
    const malformed = [
      // A raw control character in a part header.
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a\u0007b.jpg"\r\n\r\nxxxx\r\n--${boundary}--\r\n`,
      // The body ends in the middle of the file.
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cut.jpg"\r\n\r\n${"x".repeat(5000)}`,
    ];
    for (const body of malformed) {
      const response = await fetch(`${server.url}/api/image`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^The multipart body could not be read/);
    }
    expectNothingStored(server, before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("a refusal sent before the body was read leaves the connection usable", async () => {
    const big = Buffer.concat([await makeJpeg(100, 100, 201), crypto.randomBytes(3 * 1024 * 1024)]);
    for (let round = 0; round < 3; round++) {
      const refused = await uploadImage(server.url, "wrong-token", { data: big, filename: "big.jpg" });
      expect(refused.status).toBe(401);
      await refused.text();
      const next = await fetch(`${server.url}/api/image?page=1`);
      expect(next.status).toBe(200);
    }
  });

  it("an upload the client abandons halfway leaves no temp file", async () => {
    const before = snapshot(server);
    const upload = unfinishedUpload(server.url, token, 512 * 1024);
    await waitUntil(() => tmpEntries(server.uploadsDir).length > 0, "the upload reached tmp/");
    expect(tmpEntries(server.uploadsDir)).toHaveLength(1);
    upload.abort();
    expect(await upload.settled).toBeInstanceOf(Error);
    await waitUntil(() => tmpEntries(server.uploadsDir).length === 0, "the temp file is removed");
    expectNothingStored(server, before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("400 for a body that is not multipart or has no image", async () => {
    const before = snapshot(server);
    const json = await fetch(`${server.url}/api/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "x" }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toMatch(/multipart\/form-data/);
    const form = new FormData();
    form.set("name", "no file");
    const empty = await fetch(`${server.url}/api/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: "Send the image in the field named image." });
    expectNothingStored(server, before);
  });
});

describe("POST /api/image with MAX_UPLOAD_MB=1", () => {
  let small: TestServer;
  let smallToken: string;

  beforeAll(async () => {
    small = await startServer({ env: { MAX_UPLOAD_MB: "1" } });
    ({ token: smallToken } = await loginAdmin(small.url));
  });

  afterAll(async () => {
    await small?.stop();
  });

  it("accepts a file under the limit", async () => {
    // The limit is on the file's bytes: a 200 × 200 photo padded to 900 KB crosses the same bytes as a camera's
    // noisy megapixel did, without its variants to make.
    const data = paddedJpeg(await makeJpeg(200, 200, 7), 900 * 1024);
    expect(data.length).toBeGreaterThan(700 * 1024);
    expect(data.length).toBeLessThan(1024 * 1024);
    expect((await uploadImage(small.url, smallToken, { data, filename: "big.jpg" })).status).toBe(201);
  });

  it.each([
    ["just over the limit", 1024 * 1024 + 50 * 1024],
    ["far over the limit", 3 * 1024 * 1024],
  ])("413 for a file %s, the temp file removed", async (_label, bytes) => {
    const jpeg = await makeJpeg(200, 200, 8);
    const data = Buffer.concat([jpeg, crypto.randomBytes(bytes - jpeg.length)]);
    const before = snapshot(small);
    const response = await uploadImage(small.url, smallToken, { data, filename: "huge.jpg" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The file is too large: the limit is 1 MB." });
    expectNothingStored(small, before);
  });

  it("413 for a streamed body without Content-Length, the temp file removed", async () => {
    const jpeg = await makeJpeg(200, 200, 9);
    const form = new FormData();
    form.set("name", "streamed");
    form.set(
      "image",
      new Blob([new Uint8Array(jpeg), crypto.randomBytes(2 * 1024 * 1024)], { type: "image/jpeg" }),
      "streamed.jpg",
    );
    const encoded = new Response(form);
    const before = snapshot(small);
    const response = await fetch(`${small.url}/api/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${smallToken}`, "Content-Type": encoded.headers.get("content-type")! },
      body: encoded.body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expectNothingStored(small, before);
  });

  it("after a 413 the next upload on the same connection goes through", async () => {
    const tooBig = Buffer.concat([await makeJpeg(100, 100, 10), crypto.randomBytes(3 * 1024 * 1024)]);
    expect((await uploadImage(small.url, smallToken, { data: tooBig, filename: "huge.jpg" })).status).toBe(413);
    expect(
      (await uploadImage(small.url, smallToken, { data: await makeJpeg(100, 100, 11), filename: "ok.jpg" })).status,
    ).toBe(201);
  });
});
