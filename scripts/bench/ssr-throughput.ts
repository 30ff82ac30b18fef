// Server-rendered /photography (24 photos) vs a bare Node `http` server
// answering the same HTML bytes from memory, each alone on the same core.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeJpeg, uploadImage } from "../../tests/support/images";
import { freePort } from "../../tests/support/ports";
import { seedImages } from "../../tests/support/seed";
import { loginAdmin, startServer } from "../../tests/support/server";
import { shareKit } from "../../tests/support/share-links";
import { compareThroughput, LOAD_DESCRIPTION, missingTools, pin, startPinned, stopProcess } from "./throughput";
import type { Row } from "./util";

const TARGET_SHARE = 0.25;
/** The pages rendered for one browser (record 090): the signed-in owner's gallery, a link's client's album. */
const CREDENTIALED_TARGET_SHARE = 0.01;
const PHOTOS = 24;
const FIGURE = `SSR throughput: a page of ${PHOTOS} photos, ours vs bare Node http serving the same bytes (same core)`;

/** Answers each path with the bytes of its page as our server rendered them: `path=file` arguments. */
const BARE_SERVER = `import fs from "node:fs";
import http from "node:http";
const [port, ...pages] = process.argv.slice(2);
const html = new Map(pages.map((page) => page.split("=")).map(([path, file]) => [path, fs.readFileSync(file)]));
http
  .createServer((req, res) => {
    const body = html.get(req.url);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
    res.end(body);
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
    const { token, cookie } = await loginAdmin(server.url);
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
    // A private album of as many photos, opened by a link's client; the owner signed in with a cookie.
    const kit = shareKit(server, { token });
    const album = await kit.createAlbum("Bench wedding", "bench-wedding");
    const hidden = Array.from({ length: PHOTOS }, (_, i) => ({
      name: `Wedding ${i + 1}`,
      description: `A description of photo ${i + 1}, a sentence or two long, as the album shows it.`,
      visibility: "hidden" as const,
      albumIds: [album.id],
    }));
    await seedImages(server, token, hidden);
    const grant = await kit.openLink(await kit.createLink(album.id));
    const pages = [
      { path: "/photography", label: "anonymous visitor (page cache)", target: TARGET_SHARE },
      { path: "/photography", label: "the signed-in owner", cookie, target: CREDENTIALED_TARGET_SHARE },
      {
        path: `/photography/albums/${album.slug}`,
        label: "a link's client",
        cookie: grant,
        target: CREDENTIALED_TARGET_SHARE,
      },
      // A cookie that is nobody's skips every page cache: every request is rendered.
      { path: "/photography", label: "every request rendered (a cookie that is nobody's)", cookie: "bench=1" },
    ];
    const files: string[] = [];
    for (const [index, page] of pages.entries()) {
      const response = await fetch(server.url + page.path, { headers: page.cookie ? { Cookie: page.cookie } : {} });
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
      const file = path.join(base, `page-${index}.html`);
      fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      files.push(`/${index}=${file}`);
    }

    pin(server.process.pid!);
    const port = await freePort();
    const script = path.join(base, "bare-server.mjs");
    fs.writeFileSync(script, BARE_SERVER);
    const bareUrl = (index: number) => `http://127.0.0.1:${port}/${index}`;
    bare = await startPinned(
      process.execPath,
      [script, String(port), ...files],
      async () => (await fetch(bareUrl(0))).ok,
    );
    return pages.map((page, index) => {
      const { ours, reference } = compareThroughput(
        server.url + page.path,
        bareUrl(index),
        page.cookie ? `Cookie: ${page.cookie}` : undefined,
      );
      const size = `${(fs.statSync(files[index]!.split("=")[1]!).size / 1024).toFixed(0)} KB page (${LOAD_DESCRIPTION})`;
      return {
        figure: `${FIGURE}, GET ${page.path.replace(album.slug, "<album>")}, ${page.label}, ${size}`,
        target: page.target
          ? `≥ ${page.target * 100} % of bare Node (ratio ≥ 1)`
          : "– (shows what the page caches save)",
        measured: `${ours.toFixed(0)} vs ${reference.toFixed(0)} req/s (${((ours / reference) * 100).toFixed(1)} %)`,
        ratio: page.target ? (ours / reference / page.target).toFixed(2) : "–",
      };
    });
  } finally {
    if (bare) await stopProcess(bare);
    await server.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
}
