// Absolute URLs (og tags, sitemap, robots.txt) come from PUBLIC_URL when it is
// set, never from the request; without it they follow the request's Host, and
// the anonymous page cache keeps each origin's render apart, so a forged Host
// only ever reaches the one who sent it.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { Image } from "~/lib/image";
import { seedImages } from "../support/seed";
import { loginAdmin, spawnServer, startServer, type TestServer } from "../support/server";

const EVIL = "evil.example";
const PUBLIC_URL = "https://photos.example.com";

/** A GET sent exactly as given, Host included (fetch would not forge it). */
function get(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The content of `<meta property="og:…">`, with React's escaping of `&` undone. */
function og(html: string, property: string): string | undefined {
  return html.match(new RegExp(`<meta property="og:${property}" content="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");
}

async function addOne(server: TestServer, seed: number): Promise<Image> {
  const { token } = await loginAdmin(server.url);
  const [image] = await seedImages(server, token, [{ name: `photo-${seed}.jpg` }]);
  return image!;
}

describe("without PUBLIC_URL", () => {
  let server: TestServer;
  let image: Image;

  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: "1" } });
    image = await addOne(server, 1);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("a forged Host never reaches the next visitor of a cached page", async () => {
    const pages: [string, string][] = [
      [`/photography?image=${image.id}&x=1`, `/photography?image=${image.id}`],
      ["/photography?x=2", "/photography"],
    ];
    for (const [path, canonical] of pages) {
      for (const forged of [{ Host: EVIL }, { "X-Forwarded-Host": EVIL }] as Record<string, string>[]) {
        const attack = await get(server, path, forged);
        expect(attack.status).toBe(200);
        // Twice: the second visit is the one answered from the cache.
        for (let visit = 0; visit < 2; visit++) {
          const { status, body } = await get(server, path);
          expect(status).toBe(200);
          expect(body, `${path} after ${JSON.stringify(forged)}`).not.toContain(EVIL);
          expect(og(body, "url")).toBe(`${server.url}${canonical}`);
        }
      }
    }
  });

  it("gives absolute og:url and og:image on the request's own origin", async () => {
    const { body } = await get(server, `/photography?image=${image.id}`);
    expect(og(body, "url")).toBe(`${server.url}/photography?image=${image.id}`);
    expect(og(body, "image")).toBe(`${server.url}${image.url}`);
    expect(og((await get(server, "/")).body, "url")).toBe(`${server.url}/`);
    expect(og((await get(server, "/sorting")).body, "url")).toBe(`${server.url}/sorting`);
  });

  it("builds the sitemap and robots.txt on the request's origin", async () => {
    const sitemap = (await get(server, "/sitemap.xml")).body;
    expect(sitemap).toContain(`<loc>${server.url}/photography</loc>`);
    expect((await get(server, "/robots.txt")).body).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe("with PUBLIC_URL", () => {
  let server: TestServer;
  let image: Image;

  beforeAll(async () => {
    // A trailing slash is normalised away; TRUST_PROXY makes X-Forwarded-* count, and still must not win.
    server = await startServer({ env: { PUBLIC_URL: `${PUBLIC_URL}/`, TRUST_PROXY: "1" } });
    image = await addOne(server, 2);
  });

  afterAll(async () => {
    await server?.stop();
  });

  const forgeries: Record<string, string>[] = [
    {},
    { Host: EVIL },
    { "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "http" },
  ];

  it("every og URL comes from it, whatever the request says", async () => {
    for (const headers of forgeries) {
      for (let visit = 0; visit < 2; visit++) {
        const viewer = (await get(server, `/photography?image=${image.id}`, headers)).body;
        expect(viewer).not.toContain(EVIL);
        expect(og(viewer, "url")).toBe(`${PUBLIC_URL}/photography?image=${image.id}`);
        expect(og(viewer, "image")).toBe(`${PUBLIC_URL}${image.url}`);
        const gallery = (await get(server, "/photography", headers)).body;
        expect(og(gallery, "url")).toBe(`${PUBLIC_URL}/photography`);
      }
      expect(og((await get(server, "/", headers)).body, "url")).toBe(`${PUBLIC_URL}/`);
      expect(og((await get(server, "/photography/admin", headers)).body, "url")).toBe(
        `${PUBLIC_URL}/photography/admin`,
      );
    }
  });

  it("the sitemap and robots.txt use it", async () => {
    for (const headers of forgeries) {
      const sitemap = (await get(server, "/sitemap.xml", headers)).body;
      const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeGreaterThan(0);
      for (const loc of locs) expect(loc!.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      const robots = (await get(server, "/robots.txt", headers)).body;
      expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
      expect(robots).not.toContain(EVIL);
    }
  });

  it("client-side navigations' data carries it too", async () => {
    const data = (await get(server, `/photography.data?image=${image.id}`, { Host: EVIL })).body;
    expect(data).toContain(PUBLIC_URL);
    expect(data).not.toContain(EVIL);
  });
});

// Which values are refused, and each refusal's words, are the configuration's rules (tests/unit/public-url.test.ts);
// here, that a refused value stops the server before it listens, with that one line.
describe("an invalid PUBLIC_URL stops the server at start", () => {
  it("with one clear line, its password hidden", async () => {
    const value = "https://user:secret@photos.example.com/gallery";
    const { child } = spawnServer({ env: { PUBLIC_URL: value } });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      // A server that accepted the value would run on: stop it, the exit code tells.
      if (stdout.includes("Listening on")) child.kill("SIGKILL");
    });
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const code = await exited;
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trim()).toBe(
      `Cannot start: PUBLIC_URL must be the site's address like https://example.com (no user name or password), got "https://user:***@photos.example.com/gallery"`,
    );
  });
});
