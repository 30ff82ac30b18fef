// The caching policy (docs/decisions/010-shared-caching.md). A page or its data
// rendered for a request carrying the admin's cookie or token is `private,
// no-store`, and so is every other answer to them, API included; pages answer
// visitors and the admin at the same URL, so every answer varies by Cookie.
// Visitors' answers may be kept briefly by a shared cache, with an ETag of the
// data version (revalidated with 304), and /photography stays in the page cache;
// media stay immutable.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { SHARED_CACHE_CONTROL } from "~/server/http/cache-policy.server";
import { rawGet } from "../support/conditional";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const ADMIN_VIEW = "You are logged in as an admin.";

let server: TestServer;
let session: { token: string; cookie: string };
let image: Image;

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  [image] = (await seedImages(server, session.token, [{ name: "private.jpg" }])) as [Image];
});

afterAll(async () => {
  await server?.stop();
});

function pagePaths(): string[] {
  const viewer = `/photography?image=${image.id}`;
  return ["/photography", viewer, `${viewer}&edit=1`, `${viewer}&confirm=delete`, "/", "/?tab=photography", "/sorting"];
}

/** `/photography?image=1` → `/photography.data?image=1`, as client-side navigations ask for it. */
function dataPath(path: string): string {
  const [pathname, search] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
}

/** The Vary header's names, each once (fetch joins repeated headers with commas). */
function varies(response: Response): string[] {
  const names = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
  expect(new Set(names).size, `Vary: ${response.headers.get("vary")}`).toBe(names.length);
  return names;
}

describe("answers that depend on the admin's credentials", () => {
  it.each([
    ["the session cookie", () => ({ Cookie: session.cookie })],
    ["the bearer token", () => ({ Authorization: `Bearer ${session.token}` })],
  ])("are private, no-store with %s: pages and their data", async (_, credentials) => {
    for (const path of pagePaths()) {
      for (const url of [path, dataPath(path)]) {
        const response = await fetch(`${server.url}${url}`, { headers: credentials() });
        expect(response.status, url).toBe(200);
        expect(response.headers.get("cache-control"), url).toBe("private, no-store");
        expect(varies(response), url).toContain("cookie");
        await response.arrayBuffer();
      }
    }
    const gallery = await (await fetch(`${server.url}/photography`, { headers: credentials() })).text();
    expect(gallery).toContain(ADMIN_VIEW);
  });

  it("are private, no-store for an admin's edit saved without JavaScript", async () => {
    const form = new URLSearchParams({
      intent: "update",
      id: String(image.id),
      name: "Renamed privately",
      description: "",
    });
    const response = await fetch(`${server.url}/photography?image=${image.id}&edit=1`, {
      method: "POST",
      headers: {
        Cookie: session.cookie,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("visitors' answers", () => {
  it("stay cacheable and vary by Cookie, from the page cache and rendered alike", async () => {
    for (const path of pagePaths()) {
      for (const url of [path, path, dataPath(path)]) {
        for (const encoding of ["identity", "gzip"]) {
          const response = await fetch(`${server.url}${url}`, { headers: { "Accept-Encoding": encoding } });
          expect(response.status, url).toBe(200);
          expect(response.headers.get("cache-control") ?? "", url).not.toMatch(/private|no-store/);
          expect(varies(response), url).toContain("cookie");
          if (encoding === "gzip" && response.headers.get("content-encoding") === "gzip") {
            expect(varies(response), url).toContain("accept-encoding");
          }
          await response.arrayBuffer();
        }
      }
    }
  });

  it("never get the admin's render of the same URL", async () => {
    const path = `/photography?image=${image.id}&edit=1`;
    expect(await (await fetch(`${server.url}${path}`, { headers: { Cookie: session.cookie } })).text()).toContain(
      ADMIN_VIEW,
    );
    expect(await (await fetch(`${server.url}${path}`)).text()).not.toContain(ADMIN_VIEW);
  });
});

function publicPaths(): string[] {
  return [
    "/",
    "/?tab=photography",
    "/photography",
    `/photography?image=${image.id}`,
    "/photography.data",
    "/sorting",
    "/api/image",
    `/api/image/${image.id}`,
    "/photography/feed.xml",
    "/sitemap.xml",
    "/robots.txt",
  ];
}

describe("anonymous public answers", () => {
  it("may be kept briefly by a shared cache, with an ETag, and revalidate to 304 without a body", async () => {
    for (const path of publicPaths()) {
      const first = await rawGet(server.url + path);
      expect(first.status, path).toBe(200);
      expect(first.headers["cache-control"], path).toBe(SHARED_CACHE_CONTROL);
      const etag = first.headers.etag;
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await rawGet(server.url + path, { "If-None-Match": etag! });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
      // The stored copy's own policy stays: a new nonce would block its scripts.
      expect(again.headers["content-security-policy"], path).toBeUndefined();
      expect(again.headers.etag, path).toBe(etag);
    }
  });

  it("get a new ETag when the data changes, so a cache fetches the edit", async () => {
    const before = (await rawGet(`${server.url}/api/image/${image.id}`)).headers.etag!;
    const edit = await fetch(`${server.url}/api/image/${image.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Edited", description: "" }),
    });
    expect(edit.status).toBe(200);
    const after = await rawGet(`${server.url}/api/image/${image.id}`, { "If-None-Match": before });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(JSON.parse(after.body.toString()).name).toBe("Edited");
  });

  it("that must not be shared stay so: random picks, health, login", async () => {
    for (const path of ["/api/image/random", "/healthz", "/photography/admin"]) {
      const answer = await rawGet(server.url + path);
      expect(answer.headers["cache-control"], path).toMatch(/no-store/);
      expect(answer.headers.etag, path).toBeUndefined();
    }
  });
});

describe("answers to the admin on every URL", () => {
  it.each([
    ["the session cookie", () => ({ Cookie: session.cookie })],
    ["the bearer token", () => ({ Authorization: `Bearer ${session.token}` })],
  ])("are private, no-store on every URL, API included, with %s", async (_, credentials) => {
    for (const path of publicPaths()) {
      const answer = await rawGet(server.url + path, credentials());
      expect(answer.headers["cache-control"], path).toBe("private, no-store");
      expect(answer.headers.etag, path).toBeUndefined();
    }
  });

  it("except media, which are the same for everyone: immutable in the browser, never in a shared cache", async () => {
    const media = await rawGet(server.url + image.url, { Cookie: session.cookie });
    expect(media.status).toBe(200);
    expect(media.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const anonymous = await rawGet(server.url + image.url, {});
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("the page's scripts and styles", () => {
  it("go out as the build compressed them, Brotli before gzip, each with its own ETag, immutable", async () => {
    const home = await rawGet(server.url + "/");
    const entry = home.body.toString().match(/\/assets\/entry\.client-[\w-]+\.js/)![0];
    const plain = await rawGet(server.url + entry, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    const etags = new Set([plain.headers.etag]);
    for (const [accepted, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const answer = await rawGet(server.url + entry, { "Accept-Encoding": accepted });
      expect(answer.headers["content-encoding"], accepted).toBe(encoding);
      // Sent as a file of known length, not compressed as it goes out.
      expect(Number(answer.headers["content-length"]), accepted).toBe(answer.body.length);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(decoders[encoding](answer.body).equals(plain.body), accepted).toBe(true);
      etags.add(answer.headers.etag);
    }
    expect(etags.size).toBe(3);
    // A browser revalidating its Brotli copy gets 304; a byte range still gets the bytes it asked for.
    const brotli = await rawGet(server.url + entry, { "Accept-Encoding": "br" });
    const revalidated = await rawGet(server.url + entry, {
      "Accept-Encoding": "br",
      "If-None-Match": String(brotli.headers.etag),
    });
    expect([revalidated.status, revalidated.body.length]).toEqual([304, 0]);
    const range = await rawGet(server.url + entry, { Range: "bytes=0-99" });
    expect(range.status).toBe(206);
    expect(range.body.equals(plain.body.subarray(0, 100))).toBe(true);
  });
});
