import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/data/db.server";
import { startServer } from "../../tests/support/server";
import { median, percentile, type Row } from "./util";

const ROWS = 100_000;
const ALBUMS = 100;
const REQUESTS = 300;

/** Fills a fresh database with synthetic rows (the list API never touches the files). */
async function syntheticDatabase(): Promise<{ dataDir: string; uploadsDir: string }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  // Start once so migrations create the schema, then fill it offline.
  const first = await startServer({ dirs });
  await first.stop();
  const sqlite = openDatabase(path.join(dirs.dataDir, "portfolio.sqlite"));
  const insert = sqlite.prepare(`INSERT INTO images (name, description, original_filename, storage_key, mime_type, size,
    stored_bytes, width, height, variant_widths, avif_widths, checksum, placeholder, uploaded_at, updated_at)
    VALUES (?, ?, ?, ?, 'image/jpeg', ?, ?, 2400, 1600, '[320,640,960,1280,1920,2400]', '[320,640,960]', ?, ?, ?, ?)`);
  const placeholder =
    "data:image/webp;base64,UklGRjQAAABXRUJQVlA4ICgAAACwAQCdASoQAAsAA4BaJaACdLoABKoAAP4TH43ZZw4Pf52thiCeAAAA";
  const start = Date.now() - ROWS * 60_000;
  sqlite.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const key = crypto.randomBytes(16).toString("hex");
      insert.run(
        `Photo ${i}`,
        `Description ${i}`,
        `photo-${i}.jpg`,
        key,
        1_000_000 + i,
        3_000_000,
        key + i,
        placeholder,
        start + i * 60_000,
        start + i * 60_000,
      );
    }
  })();
  // Every photo in one of ALBUMS albums: 1,000 photos each, newest upload first (album-order.ts measures manual order).
  const album = sqlite.prepare(
    "INSERT INTO albums (slug, name, position, sort, created_at) VALUES (?, ?, ?, 'uploaded_at', ?)",
  );
  const member = sqlite.prepare("INSERT INTO album_images (album_id, image_id) VALUES (?, ?)");
  sqlite.transaction(() => {
    for (let a = 1; a <= ALBUMS; a++) album.run(`album-${a}`, `Album ${a}`, a, Date.now());
    for (let id = 1; id <= ROWS; id++) member.run((id % ALBUMS) + 1, id);
  })();
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  return dirs;
}

async function latencies(url: string): Promise<number[]> {
  for (let i = 0; i < 30; i++) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchApiLatency(): Promise<Row[]> {
  const dirs = await syntheticDatabase();
  const server = await startServer({ dirs });
  try {
    const deepPage = Math.floor(ROWS / 24) - 10;
    const cases = [
      ["page 1", `${server.url}/api/image?page=1`],
      [`deep page ${deepPage}`, `${server.url}/api/image?page=${deepPage}`],
      ["page 1 by name", `${server.url}/api/image?page=1&sortField=name&sortOrder=asc`],
      ["random 10", `${server.url}/api/image/random?count=10`],
      [`album page 1 (${ALBUMS} albums)`, `${server.url}/api/image?album=${ALBUMS / 2}`],
      ["album page 40", `${server.url}/api/image?album=${ALBUMS / 2}&page=40`],
    ] as const;
    const rows: Row[] = [];
    for (const [label, url] of cases) {
      const times = await latencies(url);
      const p50 = median(times);
      rows.push({
        figure: `GET /api/image… at ${ROWS.toLocaleString("en")} rows, ${label} (p95 ${percentile(times, 95).toFixed(2)} ms)`,
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
