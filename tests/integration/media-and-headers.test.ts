import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { storageKeyOf, variantUrls } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let image: Image;
let key: string;

beforeAll(async () => {
  server = await startServer();
  const { token } = await loginAdmin(server.url);
  const response = await uploadImage(server.url, token, { data: await makeJpeg(800, 600, 42), filename: "media.jpg" });
  expect(response.status).toBe(201);
  image = (await response.json()) as Image;
  key = storageKeyOf(image);
});

afterAll(async () => {
  await server?.stop();
});

describe("GET /media/:key/:file", () => {
  it("serves every variant with its type, nosniff, a year of immutable caching, an ETag and CORP", async () => {
    const urls = variantUrls(image);
    expect(urls.map((u) => u.split("/").at(-1)).sort()).toEqual(["w320.avif", "w320.webp", "w640.avif", "w640.webp", "w800.avif", "w800.webp"]);
    for (const url of urls) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status).toBe(200);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-type")).toBe(url.endsWith(".avif") ? "image/avif" : "image/webp");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(response.headers.get("etag")).toMatch(/^(W\/)?".+"$/);
      const file = path.join(server.uploadsDir, "images", key, url.split("/").at(-1)!);
      expect(body.equals(fs.readFileSync(file))).toBe(true);
    }
  });

  /** A conditional GET as a browser sends it (fetch would add Cache-Control: no-cache). */
  function conditionalGet(url: string, etag: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${server.url}${url}`, { headers: { "If-None-Match": etag } }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        })
        .on("error", reject);
    });
  }

  it("answers 304 to a matching If-None-Match, 200 to a stale one", async () => {
    const first = await fetch(`${server.url}${image.url}`);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    expect(await conditionalGet(image.url, etag)).toEqual({ status: 304, body: "" });
    const stale = await conditionalGet(image.url, '"stale"');
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(0);
  });

  it("answers HEAD with the headers and no body", async () => {
    const file = path.join(server.uploadsDir, "images", key, image.url.split("/").at(-1)!);
    const response = await fetch(`${server.url}${image.url}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(Number(response.headers.get("content-length"))).toBe(fs.statSync(file).size);
    expect(response.headers.get("etag")).toBeTruthy();
    expect(await response.text()).toBe("");
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

describe("security headers", () => {
  function expectCommonHeaders(response: Response): string {
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toBeTruthy();
    const directives = new Map(csp.split(";").map((d) => { const [name, ...values] = d.trim().split(/\s+/); return [name!, values.join(" ")]; }));
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'none'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(directives.get("default-src")).toBe("'self'");
    expect(directives.get("script-src")).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{16,}'$/);
    expect(directives.get("script-src")).not.toContain("unsafe");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    return directives.get("script-src")!.match(/'nonce-([^']+)'/)![1]!;
  }

  it("on HTML pages, with a fresh nonce that every script carries", async () => {
    const nonces = new Set<string>();
    for (const page of ["/", "/photography", "/no-such-page"]) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const nonce = expectCommonHeaders(response);
      nonces.add(nonce);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const tag of scripts) {
        if (/\bsrc=/.test(tag) && !/type="module"/.test(tag)) continue;
        expect(tag, page).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces.size).toBe(3);
  });

  it("on API answers, errors included", async () => {
    for (const url of ["/api/image", "/api/image/random", "/api/image/999999", "/api/image?page=0", "/api/auth/validate", "/healthz"]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.headers.get("content-type"), url).toMatch(/^application\/json/);
      expectCommonHeaders(response);
    }
  });

  it("on media, found or not", async () => {
    for (const url of [image.url, `/media/${key}/original`]) {
      const response = await fetch(`${server.url}${url}`);
      expectCommonHeaders(response);
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
  });

  it("no HSTS over plain HTTP", async () => {
    expect((await fetch(server.url)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("GET /healthz", () => {
  it("200 while the database answers and the uploads folder is writable", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: true, storage: true });
  });

  it("503 while the uploads folder cannot be written, 200 again once it can", async () => {
    // chmod cannot stop root, so the temp folder is replaced by a plain file.
    const tmp = path.join(server.uploadsDir, "tmp");
    fs.rmSync(tmp, { recursive: true });
    fs.writeFileSync(tmp, "not a folder");
    try {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: true, storage: false });
    } finally {
      fs.rmSync(tmp);
      fs.mkdirSync(tmp);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
