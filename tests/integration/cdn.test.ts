// nginx's proxy_cache with the documented front config (docs/cdn/nginx.conf)
// stands in for a CDN: a burst of visitors reaches the site a few times, the
// admin always reaches the site and never leaks into the cache, and an edit
// shows through within the shared max-age.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { SHARED_MAX_AGE_S } from "~/server/http/cache-policy.server";
import { seedImages } from "../support/seed";
import { findNginx, reachedOrigin, startCachingProxy, type CachingProxy } from "../support/nginx";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const nginx = findNginx();
const onCi = !["", "0", "false"].includes(process.env.CI ?? "");
if (!nginx && onCi) throw new Error("nginx is needed on CI: apt-get install -y nginx");

const BURST = 2000;
const CONCURRENCY = 50;

describe.skipIf(!nginx)("behind a caching proxy", () => {
  let server: TestServer;
  let proxy: CachingProxy;
  let session: { token: string; cookie: string };
  let images: Image[];

  beforeAll(async () => {
    server = await startServer();
    session = await loginAdmin(server.url);
    images = await seedImages(
      server,
      session.token,
      Array.from({ length: 6 }, (_, i) => ({ name: `Cached ${i}`, filename: `cdn-${i}.jpg` })),
    );
    proxy = await startCachingProxy(nginx!, server.url);
  });

  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  it(`answers a burst of ${BURST} visitors with a few dozen requests to the site`, async () => {
    const media = images.flatMap((image) => [image.url, image.srcset.split(", ")[0]!.split(" ")[0]!]);
    const paths = ["/", "/photography", ...media];
    // What the other tests sent through the proxy before this one is in the log too.
    const logged = proxy.log().length;
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < BURST) {
          const path = paths[next++ % paths.length]!;
          const response = await fetch(proxy.url + path, { headers: { "Accept-Encoding": "gzip" } });
          await response.arrayBuffer();
          statuses.push(response.status);
        }
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // nginx logs a request just after answering it.
    const burstLog = () =>
      proxy
        .log()
        .slice(logged)
        .filter((entry) => paths.includes(entry.uri));
    await expect.poll(() => burstLog().length).toBe(BURST);
    const burst = burstLog();
    const originHits = burst.filter((entry) => reachedOrigin(entry)).length;
    expect(originHits).toBeLessThanOrEqual(3 * paths.length);
  });

  it("sends the admin's requests to the site, and never serves them to a visitor", async () => {
    const admin = { Cookie: session.cookie };
    for (let i = 0; i < 3; i++) {
      const page = await fetch(`${proxy.url}/photography`, { headers: admin });
      expect(page.headers.get("x-cache")).toBe("BYPASS");
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(await page.text()).toContain("You are logged in as an admin.");
      const api = await fetch(`${proxy.url}/api/auth/validate`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      expect(await api.json()).toEqual({ valid: true });
    }
    const visitor = await fetch(`${proxy.url}/photography`);
    expect(await visitor.text()).not.toContain("You are logged in as an admin.");
    const validate = await fetch(`${proxy.url}/api/auth/validate`);
    expect(await validate.json()).toEqual({ valid: false });
  });

  it(`shows an edit through the cache within ${SHARED_MAX_AGE_S} s`, async () => {
    const target = images[0]!;
    const read = async () => {
      const response = await fetch(`${proxy.url}/api/image/${target.id}`);
      return { cache: response.headers.get("x-cache"), name: ((await response.json()) as Image).name };
    };
    await read();
    expect((await read()).cache).toMatch(/HIT|UPDATING|STALE/);

    const edit = await fetch(`${server.url}/api/image/${target.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Edited behind the cache", description: "" }),
    });
    expect(edit.status).toBe(200);
    await expect
      .poll(async () => (await read()).name, { timeout: (SHARED_MAX_AGE_S + 5) * 1000, interval: 250 })
      .toBe("Edited behind the cache");
  });
});
