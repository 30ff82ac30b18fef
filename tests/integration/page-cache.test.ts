// Anonymous visitors of /photography get the cached render with their own
// nonce. The cache must never show anything a fresh render would not: after
// uploads, edits by another process and deletes, a cached answer equals a
// rendered one (a cookie skips the cache), nonce aside.
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg, uploadImage } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  token = (await loginAdmin(server.url)).token;
});

afterAll(async () => {
  await server?.stop();
});

/** The page with this response's nonce replaced by a fixed word, after checking every script carries it. */
async function page(headers: Record<string, string> = {}): Promise<{ html: string; nonce: string; response: Response }> {
  const response = await fetch(`${server.url}/photography`, { headers });
  expect(response.status).toBe(200);
  const nonce = response.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!;
  const raw = await response.text();
  const scripts = [...raw.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return { html: raw.replaceAll(nonce, "NONCE"), nonce, response };
}

/** What a cached answer shows equals what a fresh render shows. */
async function expectCacheMatchesRender(): Promise<string> {
  const cached = await page();
  const rendered = await page({ Cookie: "skip=cache" });
  expect(cached.html).toBe(rendered.html);
  return cached.html;
}

describe("page cache for /photography", () => {
  it("gives every answer its own nonce, in the policy and on every script", async () => {
    const first = await page();
    const second = await page();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toBe(first.html);
    for (const { response } of [first, second]) {
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(response.headers.get("content-security-policy")).toMatch(/object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    const viaHttpsProxy = await page({ "X-Forwarded-Proto": "https" });
    expect(viaHttpsProxy.response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("compresses for clients that accept gzip, and answers HEAD without a body", async () => {
    const plain = await page();
    const zipped = await fetch(`${server.url}/photography`, { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const nonce = zipped.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!;
    // fetch has already gunzipped the body.
    expect((await zipped.text()).replaceAll(nonce, "NONCE")).toBe(plain.html);

    const head = await fetch(`${server.url}/photography`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("never lags behind the data: uploads, another process's edits and deletes", async () => {
    await expectCacheMatchesRender();
    const created: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const response = await uploadImage(server.url, token, { data: await makeJpeg(640, 480, i), filename: `cached-${i}.jpg` }, { name: `Cached photo ${i}` });
      expect(response.status).toBe(201);
      created.push(((await response.json()) as { id: number }).id);
      await expectCacheMatchesRender();
    }

    // `npm run seed` and the like write through their own connection.
    const other = new Database(path.join(server.dataDir, "portfolio.sqlite"));
    other.prepare("UPDATE images SET name = 'Renamed elsewhere' WHERE id = ?").run(created[0]);
    other.close();
    const renamed = await expectCacheMatchesRender();
    const api = (await (await fetch(`${server.url}/api/image/${created[0]}`)).json()) as { name: string };
    expect(api.name).toBe("Renamed elsewhere");
    if (renamed.includes("Cached photo")) expect(renamed).toContain("Renamed elsewhere");

    const removal = await fetch(`${server.url}/api/image/${created[1]}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
    expect(removal.status).toBe(204);
    expect(await expectCacheMatchesRender()).not.toContain("Cached photo 2");
  });
});
