// /media answers: small variants come from memory before Express, large ones
// are streamed by Express; both carry the same headers and bytes, answer
// conditional requests and HEAD, and a deleted photo's files stop being served
// at once. Nothing outside the URL pattern is served. The security headers
// themselves: security-headers.test.ts.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, noisyJpeg, uploadImage } from "../support/images";
import { seedImages } from "../support/seed";
import { storageKeyOf, variantUrls } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;
/** An 800 × 600 photo, uploaded once for the tests that only read. */
let image: Image;
let key: string;

async function upload(data: Buffer, filename: string): Promise<Image> {
  const response = await uploadImage(server.url, token, { data, filename });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

/** The file on disk a media URL names. */
function fileOf(url: string): string {
  const [, , storageKey, file] = url.split("/");
  return path.join(server.uploadsDir, "images", storageKey!, file!);
}

function expectMediaHeaders(response: Response, url: string): void {
  expect(response.headers.get("content-type"), url).toBe(url.endsWith(".avif") ? "image/avif" : "image/webp");
  expect(response.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("etag"), url).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  expect(response.headers.get("last-modified"), url).toBeTruthy();
  expect(Number(response.headers.get("content-length")), url).toBe(fs.statSync(fileOf(url)).size);
}

/** A GET as a browser sends it (fetch would add Cache-Control: no-cache to a conditional request). */
function browserGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${url}`, { headers }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
  image = await upload(await makeJpeg(800, 600, 42), "media.jpg");
  key = storageKeyOf(image);
});

afterAll(async () => {
  await server?.stop();
});

describe("GET /media/:key/:file", () => {
  it("serves every variant's bytes with its type and caching headers, the same on every request", async () => {
    const urls = variantUrls(image);
    expect(urls.map((u) => u.split("/").at(-1)).sort()).toEqual([
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
    ]);
    for (const url of urls) {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status, url).toBe(200);
        expectMediaHeaders(response, url);
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.equals(fs.readFileSync(fileOf(url))), url).toBe(true);
        const { width, format } = await sharp(body).metadata();
        expect(width).toBe(Number(url.match(/w(\d+)\./)![1]));
        expect(format).toBe(url.endsWith(".avif") ? "heif" : "webp");
      }
    }
  });

  it("streams variants too large to keep in memory, with the same headers and bytes", async () => {
    const noise = await noisyJpeg(2700, 1800, { sigma: 60, quality: 95 });
    const large = await upload(noise, "large.jpg");
    const largest = variantUrls(large).find((url) => url.endsWith("/w2560.webp"))!;
    const response = await fetch(`${server.url}${largest}`);
    expect(response.status).toBe(200);
    expectMediaHeaders(response, largest);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBeGreaterThan(1024 * 1024);
    expect(body.equals(fs.readFileSync(fileOf(largest)))).toBe(true);
  });

  it("answers a matching If-None-Match or If-Modified-Since with 304, another tag with 200", async () => {
    const first = await fetch(`${server.url}${image.url}`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    expect(await browserGet(image.url, { "If-None-Match": etag })).toEqual({ status: 304, body: "" });
    expect(await browserGet(image.url, { "If-Modified-Since": first.headers.get("last-modified")! })).toEqual({
      status: 304,
      body: "",
    });
    const stale = await browserGet(image.url, { "If-None-Match": '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(0);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetch(`${server.url}${image.url}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expectMediaHeaders(response, image.url);
    expect(await response.text()).toBe("");
  });

  it("stops serving a deleted photo's files at once; unknown files are a JSON 404", async () => {
    const [deleted] = (await seedImages(server, token, [{ name: "deleted.jpg" }])) as [Image];
    expect((await fetch(`${server.url}${deleted.url}`)).status).toBe(200);
    const removal = await fetch(`${server.url}/api/image/${deleted.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removal.status).toBe(204);
    for (const missing of [
      deleted.url,
      `/media/${"0".repeat(32)}/w640.webp`,
      "/media/not-a-key/w640.webp",
      `/media/${"0".repeat(32)}/original`,
    ]) {
      const response = await fetch(`${server.url}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(await response.json(), missing).toEqual({ message: "Not found" });
    }
  });

  it("never serves the private original or the uploads folder", async () => {
    expect(fs.existsSync(path.join(server.uploadsDir, "images", key, "original"))).toBe(true);
    for (const url of [
      `/media/${key}/original`,
      `/uploads/images/${key}/original`,
      `/images/${key}/original`,
      `/images/${key}/w320.webp`,
      `/tmp`,
    ]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("content-type"), url).not.toMatch(/^image\//);
    }
  });

  it.each([
    () => `/media/${key}/w320.jpg`,
    () => `/media/${key}/W320.webp`,
    () => `/media/${key}/w320.webp.txt`,
    () => `/media/${key}/w320.webp%00.txt`,
    () => `/media/${key}/w9999.webp`,
    () => `/media/${key}/w0320.webp`,
    () => `/media/${key}/.htaccess`,
    () => `/media/${key.toUpperCase()}/w320.webp`,
    () => `/media/${key.slice(1)}/w320.webp`,
    () => `/media/${"0".repeat(32)}/w320.webp`,
    () => `/media/..%2F..%2Fetc/passwd`,
    () => `/media/..%2F..%2F..%2F..%2F..%2Fetc/passwd`,
    () => `/media/${key}/..%2Foriginal`,
    () => `/media/${key}/..%2F..%2F${key}%2Foriginal`,
    () => `/media/%2e%2e/${key}`,
    () => `/media/${key}`,
  ])("404 for anything outside the pattern: %s", async (make) => {
    const url = make();
    const response = await fetch(`${server.url}${url}`);
    expect(response.status, url).toBe(404);
    expect(response.headers.get("content-type"), url).not.toMatch(/^image\//);
    expect(await response.text(), url).not.toContain("root:");
  });
});
