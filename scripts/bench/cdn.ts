// The documented nginx front (docs/cdn/nginx.conf) under a burst of anonymous
// visitors: how many requests reach the site per 1,000, and the throughput.
import { makeJpeg, uploadImage } from "../../tests/support/images";
import { findNginx, reachedOrigin, startCachingProxy } from "../../tests/support/nginx";
import { loginAdmin, startServer } from "../../tests/support/server";
import type { Row } from "./util";

const BURST = 5000;
const CONCURRENCY = 50;
const TARGET_PER_1000 = 20;

export async function benchCdn(): Promise<Row[]> {
  const nginx = findNginx();
  if (!nginx) {
    return [{ figure: "CDN burst (nginx proxy_cache)", target: "—", measured: "apt-get install -y nginx", ratio: "—" }];
  }
  const server = await startServer();
  const proxy = await startCachingProxy(nginx, server.url);
  try {
    const { token } = await loginAdmin(server.url);
    const media: string[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await uploadImage(server.url, token, {
        data: await makeJpeg(1600, 1000, i),
        filename: `cdn-${i}.jpg`,
      });
      const image = (await response.json()) as { url: string; srcset: string };
      media.push(image.url, image.srcset.split(", ")[0]!.split(" ")[0]!);
    }
    const paths = ["/", "/photography", "/photography.data", "/api/image", ...media];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < BURST) {
          const response = await fetch(proxy.url + paths[next++ % paths.length]!, {
            headers: { "Accept-Encoding": "gzip" },
          });
          await response.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const burst = proxy.log().filter((entry) => paths.includes(entry.uri));
    const perThousand = (burst.filter((entry) => reachedOrigin(entry)).length / burst.length) * 1000;
    return [
      {
        figure: `CDN burst through nginx proxy_cache: requests reaching the site per 1,000 (${BURST} anonymous requests over ${paths.length} URLs, ${(BURST / seconds).toFixed(0)} req/s)`,
        target: `≤ ${TARGET_PER_1000}`,
        measured: perThousand.toFixed(1),
        ratio: (perThousand / TARGET_PER_1000).toFixed(2),
      },
    ];
  } finally {
    await proxy.stop();
    await server.stop();
  }
}
