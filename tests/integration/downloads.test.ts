// Downloads (docs/behaviour.md#downloads): one photo at web size or as the
// original without GPS, and "Download all" as a streamed ZIP, against the
// built server; who may download what is the album's permission.
import exifr from "exifr";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { readCameraDetails } from "~/server/photos/exif.server";
import { CAMERA_HEIC, cameraJpeg } from "../support/camera";
import { makeJpeg } from "../support/images";
import { JPEG_POSITIONS, jpegWithEveryLayout, KEPT, positionsIn } from "../support/location-corpus";
import { storageKeyOf, tmpEntries } from "../support/inspect";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";
import { readStoredZip } from "../support/zip";

let server: TestServer;
let session: { token: string; cookie: string };
let seed = 300;

const asOwner = () => ({ Authorization: `Bearer ${session.token}` });
const owner = (path: string) => fetch(server.url + path, { headers: { Cookie: session.cookie } });
const visitor = (path: string) => fetch(server.url + path);
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

async function createAlbum(name: string, slug: string, visibility: Album["visibility"] = "public"): Promise<Album> {
  const response = await fetch(`${server.url}/api/album`, {
    method: "POST",
    headers: { ...asOwner(), "Content-Type": "application/json" },
    body: JSON.stringify({ name, slug, visibility }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Album;
}

async function upload(data: Buffer, filename: string, fields: { albumId?: number; visibility?: string } = {}) {
  const form = new FormData();
  form.set("name", filename);
  if (fields.albumId !== undefined) form.set("albumId", String(fields.albumId));
  if (fields.visibility !== undefined) form.set("visibility", fields.visibility);
  form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), filename);
  const response = await fetch(`${server.url}/api/image`, { method: "POST", headers: asOwner(), body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Image;
}

/** A Display P3 profile, as sharp writes it. */
async function p3Profile(): Promise<Buffer> {
  const tagged = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
    .withIccProfile("p3")
    .jpeg()
    .toBuffer();
  return (await sharp(tagged).metadata()).icc!;
}

/** The camera JPEG (EXIF with GPS) with `icc` as an APP2 segment after its EXIF: what a camera in P3 writes. */
async function cameraJpegWithProfile(tag: string): Promise<Buffer> {
  const jpeg = cameraJpeg(tag);
  const icc = await p3Profile();
  const payload = Buffer.concat([Buffer.from("ICC_PROFILE\0", "latin1"), Buffer.from([1, 1]), icc]);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe2, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  const afterExif = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, afterExif), head, payload, jpeg.subarray(afterExif)]);
}

/** Where the compressed picture starts (the first start-of-scan marker): everything after it is the pixels. */
const scanStart = (jpeg: Buffer) => jpeg.indexOf(Buffer.from([0xff, 0xda]));

/** An answer as a comparable whole: status, body, and the headers (Date and length aside, the nonce blanked). */
async function answer(response: Response) {
  const headers = [...response.headers]
    // Content-Length follows the asked id's digits, which the body comparison covers.
    .filter(([name]) => name !== "date" && name !== "content-length")
    .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "NONCE")]);
  return { status: response.status, headers, body: await response.text() };
}

let album: Album;
let camera: Image;
let uploadedCamera: Buffer;

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  album = await createAlbum("Wedding — Anna & Jo", "wedding");
  uploadedCamera = await cameraJpegWithProfile("downloads");
  camera = await upload(uploadedCamera, "Ännä's café.jpg", { albumId: album.id });
});

afterAll(async () => {
  await server?.stop();
});

describe("one photo", () => {
  it("gives the owner the original: the same pixels and profile, the camera details, no GPS", async () => {
    expect(await exifr.gps(uploadedCamera)).toBeTruthy(); // the upload carries a position
    const response = await owner(`/photography/albums/wedding/download/${camera.id}?size=original`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="_nn_'s caf_.jpg"; filename*=UTF-8''%C3%84nn%C3%A4%27s%20caf%C3%A9.jpg`,
    );
    const original = await bytes(response);
    expect(original.length).toBe(uploadedCamera.length);
    expect(original.subarray(scanStart(original)).equals(uploadedCamera.subarray(scanStart(uploadedCamera)))).toBe(
      true,
    );
    expect(await exifr.gps(original)).toBeUndefined();
    const gpsTags = await exifr.parse(original, { gps: true, pick: ["GPSLatitude", "GPSLongitude"] });
    expect(gpsTags?.GPSLatitude).toBeUndefined();
    const file = path.join(server.dataDir, "downloaded.jpg");
    fs.writeFileSync(file, original);
    const [details, expected] = await Promise.all([
      readCameraDetails(file),
      (async () => {
        fs.writeFileSync(`${file}.upload`, uploadedCamera);
        return readCameraDetails(`${file}.upload`);
      })(),
    ]);
    expect(details.cameraModel).toBe("X-T5");
    expect(details).toEqual(expected);
    expect((await sharp(original).metadata()).icc?.equals(await p3Profile())).toBe(true);
  });

  it("gives an HEIC's original as a full-size JPEG with its camera details and without GPS", async () => {
    const heic = fs.readFileSync(CAMERA_HEIC);
    // exifr misses EXIF in this HEIC's container (exif.server.ts): the block as libvips reads it.
    const heicExif = (await sharp(heic).metadata()).exif!;
    expect(await exifr.gps(heicExif.subarray("Exif\0\0".length))).toBeTruthy();
    const form = new FormData();
    form.set("name", "heic");
    form.set("albumId", String(album.id));
    form.set("image", new Blob([new Uint8Array(heic)], { type: "image/heic" }), "IMG_0002.HEIC");
    const uploaded = await fetch(`${server.url}/api/image`, { method: "POST", headers: asOwner(), body: form });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as Image;
    const response = await owner(`/photography/albums/wedding/download/${image.id}?size=original`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`filename="IMG_0002.jpg"`);
    const jpeg = await bytes(response);
    const metadata = await sharp(jpeg).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", image.width, image.height]);
    expect(await exifr.gps(jpeg)).toBeUndefined();
    expect(await exifr.parse(jpeg, ["Model", "Orientation"])).toMatchObject({ Model: "X-T5" });
  });

  it("converts an original once and keeps it; a HEAD converts nothing", async () => {
    const [drawing] = await seedImages(server, session.token, [{ name: "Plan", photo: "png", albumIds: [album.id] }]);
    const url = `/photography/albums/wedding/download/${drawing!.id}?size=original`;
    const kept = path.join(server.uploadsDir, "converted", `${storageKeyOf(drawing!)}.jpg`);
    const head = await fetch(server.url + url, { method: "HEAD", headers: { Cookie: session.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBeNull();
    expect(fs.existsSync(kept)).toBe(false);

    const first = await bytes(await owner(url));
    expect((await sharp(first).metadata()).format).toBe("jpeg");
    const { ino } = fs.statSync(kept);
    expect((await bytes(await owner(url))).equals(first)).toBe(true);
    expect(fs.statSync(kept).ino).toBe(ino);
    const known = await fetch(server.url + url, { method: "HEAD", headers: { Cookie: session.cookie } });
    expect(known.headers.get("content-length")).toBe(String(first.length));
    expect(tmpEntries(server.uploadsDir)).toEqual([]);
    // The photo deleted, its conversion goes with its files.
    expect(
      (await fetch(`${server.url}/api/image/${drawing!.id}`, { method: "DELETE", headers: asOwner() })).status,
    ).toBe(204);
    expect(fs.existsSync(kept)).toBe(false);
  });

  it("gives the owner the web size: the largest variant, named after the upload", async () => {
    const response = await owner(`/photography/albums/wedding/download/${camera.id}?size=web`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''%C3%84nn%C3%A4%27s%20caf%C3%A9.webp`,
    );
    const web = await bytes(response);
    const metadata = await sharp(web).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.width).toBe(camera.width);
    // The gallery's own download for the owner is the same file.
    const fromGallery = await bytes(await owner(`/photography/download/${camera.id}?size=web`));
    expect(fromGallery.equals(web)).toBe(true);
  });

  it("answers a visitor of a public album as it answers a photo that does not exist", async () => {
    const missing = 999_999;
    for (const size of ["web", "original"]) {
      const refused = await answer(await visitor(`/photography/albums/wedding/download/${camera.id}?size=${size}`));
      const absent = await answer(await visitor(`/photography/albums/wedding/download/${missing}?size=${size}`));
      expect(refused.status).toBe(404);
      expect({ ...refused, body: refused.body.replace(String(camera.id), "ID") }).toEqual({
        ...absent,
        body: absent.body.replace(String(missing), "ID"),
      });
    }
    expect((await visitor(`/photography/download/${camera.id}`)).status).toBe(404);
    expect((await visitor(`/photography/albums/wedding/download`)).status).toBe(404);
  });

  it("refuses a photo outside the album, hidden or not, as a missing one", async () => {
    const elsewhere = await upload(await makeJpeg(320, 240, seed++), "elsewhere.jpg", { visibility: "hidden" });
    const response = await owner(`/photography/albums/wedding/download/${elsewhere.id}?size=web`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: `There is no image with id ${elsewhere.id}` });
    expect((await visitor(`/photography/albums/wedding/download/${elsewhere.id}`)).status).toBe(404);
    // The owner has it from the gallery.
    expect((await owner(`/photography/download/${elsewhere.id}?size=web`)).status).toBe(200);
  });
});

describe("Download all", () => {
  it("lists every photo of the album once, with unique names, each the bytes of its own download", async () => {
    const twins = await createAlbum("Twins", "twins");
    const first = await upload(await makeJpeg(400, 300, seed++), "IMG_0001.jpg", { albumId: twins.id });
    const second = await upload(await makeJpeg(400, 300, seed++), "IMG_0001.jpg", { albumId: twins.id });
    const third = await upload(cameraJpeg("zip"), "img_0001.JPG", { albumId: twins.id });
    const response = await owner("/photography/albums/twins/download");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Twins.zip"; filename*=UTF-8''Twins.zip`,
    );
    const entries = readStoredZip(await bytes(response));
    expect(entries.map((entry) => entry.method)).toEqual([0, 0, 0]);
    const names = entries.map((entry) => entry.name);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(3);
    expect(names.sort()).toEqual(["IMG_0001 (2).jpg", "IMG_0001.jpg", "img_0001 (3).JPG"].sort());
    const downloads = await Promise.all(
      [first, second, third].map(async (image) =>
        bytes(await owner(`/photography/albums/twins/download/${image.id}?size=original`)),
      ),
    );
    const zipped = entries.map((entry) => entry.data);
    for (const download of downloads) expect(zipped.some((data) => data.equals(download))).toBe(true);
    expect(await exifr.gps(zipped.find((data) => data.length === downloads[2]!.length)!)).toBeUndefined();
    const web = readStoredZip(await bytes(await owner("/photography/albums/twins/download?size=web")));
    expect(web.map((entry) => entry.name).every((name) => name.endsWith(".webp"))).toBe(true);
  });

  it("carries no location in any layout, alone or in the ZIP: XMP under any prefix, Extended XMP, a motion photo's video", async () => {
    const layouts = await createAlbum("Layouts", "layouts");
    const file = jpegWithEveryLayout();
    expect(positionsIn(file)).toEqual(JPEG_POSITIONS);
    const image = await upload(file, "PXL_20261128_MP.jpg", { albumId: layouts.id });
    const single = await bytes(await owner(`/photography/albums/layouts/download/${image.id}?size=original`));
    const [zipped] = readStoredZip(await bytes(await owner("/photography/albums/layouts/download")));
    for (const original of [single, zipped!.data]) {
      expect(original.length).toBe(file.length);
      expect(positionsIn(original)).toEqual([]);
      for (const kept of KEPT) expect(original.includes(kept)).toBe(true);
    }
  });

  it("stops reading the store when the client leaves", async () => {
    const big = await createAlbum("Big", "big");
    const count = 8;
    // More bytes than the sockets' buffers hold, in files quick to process: small pictures followed by 4 MB of padding.
    const padding = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < count; i++) {
      const picture = await makeJpeg(320, 240, seed++);
      await upload(Buffer.concat([picture, padding]), `big-${i}.jpg`, { albumId: big.id });
    }
    const photosDir = path.join(server.uploadsDir, "images");
    const openPhotoFiles = () =>
      fs
        .readdirSync(`/proc/${server.process.pid}/fd`)
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/${server.process.pid}/fd/${fd}`);
          } catch {
            return "";
          }
        })
        .filter((target) => target.startsWith(photosDir));
    const request = http.get(`${server.url}/photography/albums/big/download`, { headers: { Cookie: session.cookie } });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on("response", resolve));
    expect(response.statusCode).toBe(200);
    // Read the first bytes, then read no more: the server must wait, holding one photo open.
    await new Promise((resolve) => response.once("data", resolve));
    response.pause();
    await waitUntil(() => openPhotoFiles().length === 1, "the server to wait with one photo open");
    request.destroy();
    await waitUntil(() => /Download all of "Big" stopped by the client/.test(server.output()), "the stop to be logged");
    const [, opened] = /stopped by the client after (\d+) of (\d+) photos/.exec(server.output())!;
    expect(Number(opened)).toBeLessThan(count);
    await waitUntil(() => openPhotoFiles().length === 0, "the photo's file to be closed");
  }, 180_000);
});
