// Anonymous visitors of /photography get the cached render with their own
// nonce. The cache must never show anything a fresh render would not: after
// uploads, edits by another process and deletes, a cached answer equals a
// rendered one (a cookie skips the cache), nonce aside. Its headers and nonce
// are checked with every other page's in security-headers.test.ts.
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noncedHtml, nonceOf } from "../support/csp";
import { makeJpeg, uploadImage } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
});

afterAll(async () => {
  await server?.stop();
});

/** The page with this response's nonce replaced by a fixed word, after checking every script carries it. */
async function page(headers: Record<string, string> = {}): Promise<{ html: string }> {
  const response = await fetch(`${server.url}/photography`, { headers });
  expect(response.status).toBe(200);
  const { nonce, html } = await noncedHtml(response);
  return { html: html.replaceAll(nonce, "NONCE") };
}

/** What a cached answer shows equals what a fresh render shows. */
async function expectCacheMatchesRender(): Promise<string> {
  const cached = await page();
  const rendered = await page({ Cookie: "skip=cache" });
  expect(cached.html).toBe(rendered.html);
  return cached.html;
}

describe("page cache for /photography", () => {
  it("compresses for clients that accept gzip, and answers HEAD without a body", async () => {
    const plain = await page();
    const zipped = await fetch(`${server.url}/photography`, { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const nonce = nonceOf(zipped);
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
      const response = await uploadImage(
        server.url,
        token,
        { data: await makeJpeg(640, 480, i), filename: `cached-${i}.jpg` },
        { name: `Cached photo ${i}` },
      );
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

    const removal = await fetch(`${server.url}/api/image/${created[1]}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removal.status).toBe(204);
    expect(await expectCacheMatchesRender()).not.toContain("Cached photo 2");
  });
});
