// Server-rendered /photography (24 photos) vs a bare Node `http` server
// answering the same HTML bytes from memory, each alone on the same core.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeJpeg, uploadImage } from "../../tests/support/images";
import { freePort } from "../../tests/support/ports";
import { loginAdmin, startServer } from "../../tests/support/server";
import { compareThroughput, LOAD_DESCRIPTION, missingTools, pin, startPinned, stopProcess } from "./throughput";
import type { Row } from "./util";

const TARGET_SHARE = 0.2;
const PHOTOS = 24;
const FIGURE = `SSR throughput: GET /photography with ${PHOTOS} photos, ours vs bare Node http serving the same bytes (same core)`;

const BARE_SERVER = `import fs from "node:fs";
import http from "node:http";
const [file, port] = process.argv.slice(2);
const html = fs.readFileSync(file);
http
  .createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": html.length });
    res.end(html);
  })
  .listen(Number(port), "127.0.0.1");
`;

export async function benchSsrThroughput(): Promise<Row[]> {
  const target = `≥ ${TARGET_SHARE * 100} % of bare Node (ratio ≥ 1)`;
  const missing = missingTools(["wrk", "taskset"]);
  if (missing) {
    console.log(`ssr-throughput: skipped, ${missing}`);
    return [{ figure: FIGURE, target, measured: missing, ratio: "–" }];
  }
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-ssr-"));
  const server = await startServer({
    dirs: { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") },
  });
  let bare: Awaited<ReturnType<typeof startPinned>> | undefined;
  try {
    const { token } = await loginAdmin(server.url);
    for (let i = 1; i <= PHOTOS; i++) {
      const response = await uploadImage(
        server.url,
        token,
        { data: await makeJpeg(900, 600, i), filename: `photo-${i}.jpg` },
        {
          name: `Photo ${i}`,
          description: `A description of photo ${i}, a sentence or two long, as the gallery shows it.`,
        },
      );
      if (response.status !== 201) throw new Error(`seed upload failed: ${response.status} ${await response.text()}`);
    }
    const page = await fetch(`${server.url}/photography`);
    if (page.status !== 200) throw new Error(`/photography answered ${page.status}`);
    const htmlFile = path.join(base, "photography.html");
    fs.writeFileSync(htmlFile, Buffer.from(await page.arrayBuffer()));

    pin(server.process.pid!);
    const port = await freePort();
    const script = path.join(base, "bare-server.mjs");
    fs.writeFileSync(script, BARE_SERVER);
    const bareUrl = `http://127.0.0.1:${port}/photography`;
    bare = await startPinned(process.execPath, [script, htmlFile, String(port)], async () => (await fetch(bareUrl)).ok);
    const size = `${(fs.statSync(htmlFile).size / 1024).toFixed(0)} KB page (${LOAD_DESCRIPTION})`;
    const row = (
      label: string,
      { ours, reference }: { ours: number; reference: number },
      withTarget: boolean,
    ): Row => ({
      figure: `${FIGURE}, ${label}, ${size}`,
      target: withTarget ? target : "– (shows what the page cache saves)",
      measured: `${ours.toFixed(0)} vs ${reference.toFixed(0)} req/s (${((ours / reference) * 100).toFixed(1)} %)`,
      ratio: withTarget ? (ours / reference / TARGET_SHARE).toFixed(2) : "–",
    });
    return [
      row("anonymous visitor (page cache)", compareThroughput(`${server.url}/photography`, bareUrl), true),
      // Any cookie skips the page cache: every request is rendered.
      row(
        "every request rendered (a cookie sent)",
        compareThroughput(`${server.url}/photography`, bareUrl, "Cookie: bench=1"),
        false,
      ),
    ];
  } finally {
    if (bare) await stopProcess(bare);
    await server.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
}
