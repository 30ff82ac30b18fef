// `/media/<key>/<file>` through our server vs nginx serving the same file
// from the same folder, each alone on the same core.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loginAdmin, startServer } from "../../tests/support/server";
import { shareKit } from "../../tests/support/share-links";
import sharp from "sharp";
import { freePort } from "../../tests/support/ports";
import { compareThroughput, LOAD_DESCRIPTION, missingTools, pin, startPinned, stopProcess } from "./throughput";
import type { Row } from "./util";

const TARGET_SHARE = 0.5;
/** A hidden photo's variant through a share link's grant: its browser's access and the photo's opening are looked up. */
const GRANT_TARGET_SHARE = 0.35;
const FIGURE = "media throughput: GET /media/…/w640.webp, ours vs nginx (same core)";

/** Soft blotches of colour: its 640 px WebP weighs about as much as a real photo's (50–60 KB). */
async function texturedPhoto(): Promise<Buffer> {
  const blotches = await sharp({
    create: {
      width: 300,
      height: 200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  return sharp(blotches).resize(2400, 1600, { kernel: "cubic" }).jpeg({ quality: 88 }).toBuffer();
}

function nginxConfig(prefix: string, port: number, imagesDir: string): string {
  return `user root;
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { image/webp webp; image/avif avif; }
  server {
    listen 127.0.0.1:${port};
    location /media/ {
      alias ${imagesDir}/;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
  }
}
`;
}

export async function benchMediaThroughput(): Promise<Row[]> {
  const missing = missingTools(["wrk", "nginx", "taskset"]);
  if (missing) {
    console.log(`media-throughput: skipped, ${missing}`);
    return [
      { figure: FIGURE, target: `≥ ${TARGET_SHARE * 100} % of nginx (ratio ≥ 1)`, measured: missing, ratio: "–" },
      {
        figure: `${FIGURE}, a grant`,
        target: `≥ ${GRANT_TARGET_SHARE * 100} % of nginx`,
        measured: missing,
        ratio: "–",
      },
    ];
  }
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-media-"));
  const server = await startServer({
    dirs: { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") },
  });
  let nginx: Awaited<ReturnType<typeof startPinned>> | undefined;
  try {
    const { token } = await loginAdmin(server.url);
    const form = new FormData();
    form.set("name", "bench");
    form.set("image", new Blob([new Uint8Array(await texturedPhoto())], { type: "image/jpeg" }), "bench.jpg");
    const created = await fetch(`${server.url}/api/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
    const { id, srcset } = (await created.json()) as { id: number; srcset: string };
    const mediaPath = srcset
      .split(", ")
      .map((entry) => entry.split(" ")[0]!)
      .find((url) => url.endsWith("/w640.webp"))!;
    const bytes = (await (await fetch(`${server.url}${mediaPath}`)).arrayBuffer()).byteLength;

    pin(server.process.pid!);
    const port = await freePort();
    const prefix = path.join(base, "nginx");
    fs.mkdirSync(prefix);
    fs.writeFileSync(path.join(prefix, "nginx.conf"), nginxConfig(prefix, port, path.join(base, "uploads/images")));
    const nginxUrl = `http://127.0.0.1:${port}${mediaPath}`;
    nginx = await startPinned("nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], async () => {
      const response = await fetch(nginxUrl);
      return response.ok && (await response.arrayBuffer()).byteLength === bytes;
    });
    const row = (label: string, target: number, { ours, reference }: { ours: number; reference: number }): Row => ({
      figure: `${FIGURE}, ${label}, ${(bytes / 1024).toFixed(0)} KB file (${LOAD_DESCRIPTION})`,
      target: `≥ ${target * 100} % of nginx (ratio ≥ 1)`,
      measured: `${ours.toFixed(0)} vs ${reference.toFixed(0)} req/s (${((ours / reference) * 100).toFixed(0)} %)`,
      ratio: (ours / reference / target).toFixed(2),
    });
    const anyone = row("a public photo", TARGET_SHARE, compareThroughput(`${server.url}${mediaPath}`, nginxUrl));

    // The same photo in a private album (which hides it), fetched by the client of a link to that album.
    const kit = shareKit(server, { token });
    const album = await kit.createAlbum("Bench wedding", "bench-wedding");
    const moved = await fetch(`${server.url}/api/image/${id}`, {
      method: "PUT",
      headers: kit.asOwner(),
      body: JSON.stringify({ albumIds: [album.id] }),
    });
    if (moved.status !== 200) throw new Error(`moving the photo failed: ${moved.status}`);
    const grant = await kit.openLink(await kit.createLink(album.id));
    const client = row(
      "a hidden photo through a share link's grant",
      GRANT_TARGET_SHARE,
      compareThroughput(`${server.url}${mediaPath}`, nginxUrl, `Cookie: ${grant}`),
    );
    return [anyone, client];
  } finally {
    if (nginx) await stopProcess(nginx);
    await server.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
}
