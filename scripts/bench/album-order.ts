import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/data/db.server";
import { loginAdmin, startServer } from "../../tests/support/server";
import { median, percentile, type Row } from "./util";

const PHOTOS = 10_000;
const REQUESTS = 300;
const GAP = 1024;

/** One manual album of PHOTOS synthetic photos, positions GAP apart as moves leave them. */
async function oneBigAlbum(): Promise<{ dataDir: string; uploadsDir: string }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-order-"));
  const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  const first = await startServer({ dirs });
  await first.stop();
  const sqlite = openDatabase(path.join(dirs.dataDir, "portfolio.sqlite"));
  const insert = sqlite.prepare(`INSERT INTO images (name, description, original_filename, storage_key, mime_type, size,
    stored_bytes, width, height, variant_widths, avif_widths, checksum, placeholder, uploaded_at, updated_at)
    VALUES (?, '', ?, ?, 'image/jpeg', 1000000, 3000000, 2400, 1600, '[320,640,960,1280,1920,2400]', '[320,640,960]', ?, 'data:,', ?, ?)`);
  const member = sqlite.prepare("INSERT INTO album_images (album_id, image_id, position) VALUES (1, ?, ?)");
  const start = Date.now() - PHOTOS * 60_000;
  sqlite.transaction(() => {
    sqlite
      .prepare("INSERT INTO albums (slug, name, position, sort, created_at) VALUES ('story', 'Story', 1, 'manual', ?)")
      .run(Date.now());
    for (let i = 1; i <= PHOTOS; i++) {
      const key = crypto.randomBytes(16).toString("hex");
      insert.run(`Photo ${i}`, `photo-${i}.jpg`, key, key, start + i * 60_000, start + i * 60_000);
      member.run(i, i * GAP);
    }
  })();
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  return dirs;
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return performance.now() - started;
}

/** Move latency (POST /api/album/1/order to random places) and the album's first page, at PHOTOS photos in one album. */
export async function benchAlbumOrder(): Promise<Row[]> {
  const dirs = await oneBigAlbum();
  const server = await startServer({ dirs });
  try {
    const { token } = await loginAdmin(server.url);
    const move = () =>
      fetch(`${server.url}/api/album/1/order`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          imageId: 1 + Math.floor(Math.random() * PHOTOS),
          position: 1 + Math.floor(Math.random() * PHOTOS),
        }),
      });
    const firstPage = () => fetch(`${server.url}/api/image?album=1`);
    const cases = [
      ["move one photo", move],
      ["album page 1 in manual order", firstPage],
    ] as const;
    const rows: Row[] = [];
    for (const [label, request] of cases) {
      for (let i = 0; i < 30; i++) await timed(request);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await timed(request));
      const p50 = median(times);
      rows.push({
        figure: `${label}, ${PHOTOS.toLocaleString("en")} photos in one album (p95 ${percentile(times, 95).toFixed(2)} ms)`,
        target: "p50 ≤ 5 ms",
        measured: `${p50.toFixed(2)} ms`,
        ratio: (p50 / 5).toFixed(2),
      });
    }
    return rows;
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(dirs.dataDir), { recursive: true, force: true });
  }
}
