// The fast path in front of Express (cached pages, media from memory) is the
// same in production and in development (`node server.js --dev`). Every check
// runs in production; development, one module in front of Vite's and the
// same app, is checked for taking that path (a cached page, media from
// memory) and for what differs there: no policy, Vite's Vary and its host
// check. A cached page is never one request's host, cookie or admin state
// served to another.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { rawGet, type RawAnswer } from "../support/conditional";
import { seedImages } from "../support/seed";
import { storageKeyOf } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const ADMIN_NOTICE = "You are logged in as an admin.";
/** The headers a page or a media file carries whoever answers it. */
const SHARED_HEADERS = [
  "content-type",
  "cache-control",
  "x-content-type-options",
  "referrer-policy",
  "cross-origin-resource-policy",
  "strict-transport-security",
];

/** The nonce every script of this answer carries, checked against its policy where there is one. */
function nonceOf(answer: RawAnswer, production: boolean): string {
  const html = answer.body.toString();
  const nonces = new Set([...html.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((match) => match[1]!));
  expect(nonces.size).toBe(1);
  const [nonce] = nonces;
  const policy = answer.headers["content-security-policy"];
  // Vite's development client injects inline scripts: the policy applies to builds only.
  if (production) expect(policy).toContain(`'nonce-${nonce}'`);
  else expect(policy).toBeUndefined();
  return nonce!;
}

function withoutNonce(answer: RawAnswer, nonce: string): string {
  return answer.body.toString().replaceAll(nonce, "NONCE");
}

/** A render streams; the cache sends the page whole. */
function fromCache(answer: RawAnswer): boolean {
  return answer.headers["content-length"] !== undefined && answer.headers["transfer-encoding"] === undefined;
}

interface Site {
  server: TestServer;
  token: string;
  cookie: string;
  image: Image;
}

/** A server (`node server.js`, or `--dev`) for the describe it is called in, with a photo of its own. */
function siteFor(dev: boolean): Site {
  const site = {} as Site;
  beforeAll(async () => {
    site.server = await startServer({ dev, env: { TRUST_PROXY: "1" } });
    ({ token: site.token, cookie: site.cookie } = await loginAdmin(site.server.url));
    [site.image] = (await seedImages(site.server, site.token, [{ name: "Fast path", filename: "fast.jpg" }])) as [
      Image,
    ];
  });
  afterAll(async () => {
    await site.server?.stop();
  });
  return site;
}

const pageOf =
  (site: Site) =>
  (headers: Record<string, string> = {}) =>
    rawGet(`${site.server.url}/photography`, headers);

/**
 * The page rendered once, then answered from the cache with a nonce of its own, the render's headers, compressed and
 * to HEAD.
 */
async function expectCachedPage(site: Site, production: boolean): Promise<void> {
  const page = pageOf(site);
  // A write first: whatever another test left in the cache is then stale, so the first visit here renders (and
  // shows the new photo).
  await seedImages(site.server, site.token, [{ name: "Cache cleared", filename: "cleared.jpg" }]);
  const rendered = await page();
  const cached = await page();
  expect(rendered.status).toBe(200);
  expect(cached.status).toBe(200);
  expect(fromCache(rendered)).toBe(false);
  expect(fromCache(cached)).toBe(true);
  expect(Number(cached.headers["content-length"])).toBe(cached.body.length);

  const renderedNonce = nonceOf(rendered, production);
  const cachedNonce = nonceOf(cached, production);
  expect(cachedNonce).not.toBe(renderedNonce);
  expect(withoutNonce(cached, cachedNonce)).toBe(withoutNonce(rendered, renderedNonce));
  expect(cached.body.toString()).toContain("Cache cleared");
  for (const name of SHARED_HEADERS) expect(cached.headers[name], name).toEqual(rendered.headers[name]);
  // Vite's middleware, between the fast path and the app in development, adds Origin to a render's.
  if (production) expect(cached.headers.vary).toBe(rendered.headers.vary);
  expect(cached.headers.vary).toContain("Accept-Encoding");
  expect(cached.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(cached.headers["strict-transport-security"]).toBeUndefined();

  const again = await page();
  expect(fromCache(again)).toBe(true);
  expect(nonceOf(again, production)).not.toBe(cachedNonce);

  const viaHttpsProxy = await page({ "X-Forwarded-Proto": "https" });
  expect(viaHttpsProxy.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

  const zipped = await page({ "Accept-Encoding": "gzip" });
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  expect(zipped.headers.vary).toContain("Accept-Encoding");
  const unzipped: RawAnswer = { ...zipped, body: zlib.gunzipSync(zipped.body) };
  expect(withoutNonce(unzipped, nonceOf(unzipped, production))).toBe(withoutNonce(cached, cachedNonce));

  const head = await fetch(`${site.server.url}/photography`, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.headers.get("content-length")).toBe(cached.headers["content-length"]);
  expect((await head.arrayBuffer()).byteLength).toBe(0);
}

/** A page per host: a forged one is answered from the cache to its sender only, never in the plain page's place. */
async function expectPagePerHost(site: Site, hosts: Record<string, string>[]): Promise<void> {
  const page = pageOf(site);
  // The plain page in the cache first: no forged host's page may take its place.
  await page();
  for (const headers of hosts) {
    const host = Object.values(headers)[0]!;
    const first = await page(headers);
    const second = await page(headers);
    expect(fromCache(second)).toBe(true);
    for (const answer of [first, second]) {
      expect(answer.body.toString()).toContain(`http://${host}`);
      expect(answer.body.toString()).not.toContain(host === "forged.example" ? "other.example" : "forged.example");
    }
    const plain = await page();
    expect(fromCache(plain)).toBe(true);
    expect(plain.body.toString()).not.toContain(host);
  }
}

/** A small variant from memory, with the headers, 304s and HEAD Express gives the rest. */
async function expectMediaFromMemory({ server, image }: Site, production: boolean): Promise<void> {
  const url = `${server.url}${image.url}`;
  const file = path.join(server.uploadsDir, "images", storageKeyOf(image), image.url.split("/").at(-1)!);
  const first = await rawGet(url);
  expect(first.status).toBe(200);
  expect(first.body.equals(fs.readFileSync(file))).toBe(true);

  // Served from memory: the answer no longer needs the file.
  fs.renameSync(file, `${file}.away`);
  let second: RawAnswer;
  try {
    second = await rawGet(url);
  } finally {
    fs.renameSync(`${file}.away`, file);
  }
  expect(second.status).toBe(200);
  expect(second.body.equals(first.body)).toBe(true);

  for (const answer of [first, second]) {
    expect(answer.headers["content-type"]).toBe("image/webp");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(answer.headers["last-modified"]).toBeTruthy();
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
  }
  if (production) {
    // A file runs no script: one fixed policy, no nonce.
    for (const answer of [first, second])
      expect(answer.headers["content-security-policy"]).toContain("script-src 'none'");
  } else {
    expect(second.headers["content-security-policy"]).toBeUndefined();
  }

  const etag = String(first.headers.etag);
  const byTag = await rawGet(url, { "If-None-Match": etag });
  expect(byTag.status).toBe(304);
  expect(byTag.headers.etag).toBe(etag);
  expect(byTag.body.length).toBe(0);
  expect((await rawGet(url, { "If-Modified-Since": String(first.headers["last-modified"]) })).status).toBe(304);
  expect((await rawGet(url, { "If-None-Match": '"other"' })).status).toBe(200);
  // As Express's static files answer it: no-cache asks for the whole file.
  expect((await rawGet(url, { "If-None-Match": etag, "Cache-Control": "no-cache" })).status).toBe(200);

  const head = await fetch(url, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.headers.get("content-length")).toBe(String(first.body.length));
  expect((await head.arrayBuffer()).byteLength).toBe(0);

  const viaHttpsProxy = await rawGet(url, { "X-Forwarded-Proto": "https" });
  expect(viaHttpsProxy.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
}

const FORWARDED_HOSTS = [{ "X-Forwarded-Host": "forged.example" }, { "X-Forwarded-Host": "other.example" }];

describe("the fast path in production", () => {
  const site = siteFor(false);
  const page = pageOf(site);

  it("answers an anonymous visitor from the cache with a nonce of its own, the headers of a render, compression and HEAD", async () => {
    await expectCachedPage(site, true);
  });

  it("never gives a request with a cookie or a token the anonymous page, nor an anonymous one the admin's", async () => {
    const { server, token, cookie, image } = site;
    // A change makes the cached page stale: the admin's request is then the first render.
    const rename = await fetch(`${server.url}/api/image/${image.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ id: image.id, name: "Renamed on the fast path", description: "" }),
    });
    expect(rename.status).toBe(200);

    for (let i = 0; i < 2; i++) {
      // The admin's second request is their own render from the cache, kept by their credentials (record 090).
      const asAdmin = await page({ Cookie: cookie });
      expect(fromCache(asAdmin)).toBe(i === 1);
      expect(asAdmin.body.toString()).toContain(ADMIN_NOTICE);
      const byToken = await page({ Authorization: `Bearer ${token}` });
      expect(fromCache(byToken)).toBe(i === 1);
      expect(byToken.body.toString()).toContain(ADMIN_NOTICE);
      const strayCookie = await page({ Cookie: "theme=dark" });
      expect(fromCache(strayCookie)).toBe(false);
      expect(strayCookie.body.toString()).not.toContain(ADMIN_NOTICE);

      const anonymous = await page();
      expect(anonymous.body.toString()).not.toContain(ADMIN_NOTICE);
      expect(anonymous.body.toString()).toContain("Renamed on the fast path");
    }
    expect(fromCache(await page())).toBe(true);
  });

  it("keeps a page per host: a forged one only ever reaches its sender", async () => {
    // Behind the trusted proxy (TRUST_PROXY=1) the host comes from X-Forwarded-Host; without a proxy, from Host.
    await expectPagePerHost(site, [...FORWARDED_HOSTS, { Host: "forged.example" }, { Host: "other.example" }]);
  });

  it("answers small media from memory with the headers, 304s and HEAD Express gives the rest", async () => {
    await expectMediaFromMemory(site, true);
  });
});

// Development serves through the same fast path (server.js), with Vite's middleware between it and the app. What a
// request's cookie or token does to the cache is the module's own rule, checked above: each such request renders,
// and a render costs far more here (Vite's module runner). The development server is here for what proves it takes
// the path (cached pages, compressed and to HEAD; media from memory) and for what differs: no policy, Vite's Vary,
// its host check.
describe("the fast path in development", () => {
  const site = siteFor(true);

  it("answers an anonymous visitor from the cache with a nonce of its own, the headers of a render, compression and HEAD, without a policy", async () => {
    await expectCachedPage(site, false);
  });

  it("keeps a page per forwarded host, and a Host Vite does not know never renders", async () => {
    await expectPagePerHost(site, FORWARDED_HOSTS);
    // Vite refuses it before anything renders (DNS rebinding): in development only the proxy's header can forge one.
    const page = pageOf(site);
    for (let i = 0; i < 2; i++) expect((await page({ Host: "forged.example" })).status).toBe(403);
  });

  it("answers small media from memory with the headers, 304s and HEAD Express gives the rest, without a policy", async () => {
    await expectMediaFromMemory(site, false);
  });
});
