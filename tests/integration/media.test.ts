// /media answers: small variants come from memory before Express, large ones
// are streamed by Express; both carry the same headers, and a deleted photo's
// files stop being served at once.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet } from "../support/conditional";
import { makeJpeg, uploadImage } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;

interface Uploaded {
  id: number;
  srcset: string;
  avifSrcset: string;
}

async function upload(data: Buffer, filename: string): Promise<Uploaded> {
  const response = await uploadImage(server.url, token, { data, filename });
  expect(response.status).toBe(201);
  return (await response.json()) as Uploaded;
}

function urls(image: Uploaded): string[] {
  return `${image.srcset}, ${image.avifSrcset}`.split(", ").map((entry) => entry.split(" ")[0]!);
}

function expectMediaHeaders(response: Response, type: string): void {
  expect(response.headers.get("content-type")).toBe(type);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("etag")).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  expect(response.headers.get("last-modified")).toBeTruthy();
  expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'.*object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("same-origin");
  expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(response.headers.get("strict-transport-security")).toBeNull();
}

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  token = (await loginAdmin(server.url)).token;
});

afterAll(async () => {
  await server?.stop();
});

describe("/media", () => {
  it("serves every variant with its type, caching and security headers, the same on every request", async () => {
    const image = await upload(await makeJpeg(1000, 700, 1), "small.jpg");
    for (const url of urls(image)) {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status).toBe(200);
        expectMediaHeaders(response, url.endsWith(".avif") ? "image/avif" : "image/webp");
        const body = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get("content-length"))).toBe(body.length);
        const { width, format } = await sharp(body).metadata();
        expect(width).toBe(Number(url.match(/w(\d+)\./)![1]));
        expect(format).toBe(url.endsWith(".avif") ? "heif" : "webp");
      }
    }
  });

  it("answers conditional requests with 304, HEAD without a body, and HSTS only over HTTPS", async () => {
    const image = await upload(await makeJpeg(700, 500, 2), "conditional.jpg");
    const url = `${server.url}${urls(image)[0]}`;
    const first = await fetch(url);
    const etag = first.headers.get("etag")!;
    const byTag = await rawGet(url, { "If-None-Match": etag });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await rawGet(url, { "If-Modified-Since": first.headers.get("last-modified")! });
    expect(byDate.status).toBe(304);
    expect((await rawGet(url, { "If-None-Match": '"other"' })).status).toBe(200);

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const viaHttpsProxy = await fetch(url, { headers: { "X-Forwarded-Proto": "https" } });
    expect(viaHttpsProxy.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("streams variants too large to keep in memory, with the same headers", async () => {
    const noise = await sharp({
      create: { width: 2700, height: 1800, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const image = await upload(noise, "large.jpg");
    const largest = urls(image).find((url) => url.endsWith("/w2560.webp"))!;
    const response = await fetch(`${server.url}${largest}`);
    expect(response.status).toBe(200);
    const body = await response.arrayBuffer();
    expect(body.byteLength).toBeGreaterThan(1024 * 1024);
    expectMediaHeaders(response, "image/webp");
  });

  it("stops serving a deleted photo's files at once, and answers unknown files with a JSON 404", async () => {
    const image = await upload(await makeJpeg(700, 500, 3), "deleted.jpg");
    const url = `${server.url}${urls(image)[0]}`;
    expect((await fetch(url)).status).toBe(200);
    const removal = await fetch(`${server.url}/api/image/${image.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
    expect(removal.status).toBe(204);
    const gone = await fetch(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: "Not found" });
    expect(gone.headers.get("x-content-type-options")).toBe("nosniff");

    for (const bad of ["/media/0123456789abcdef0123456789abcdef/w640.webp", "/media/not-a-key/w640.webp", "/media/0123456789abcdef0123456789abcdef/original"]) {
      const response = await fetch(`${server.url}${bad}`);
      expect(response.status, bad).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });
});
