import { startServer } from "../../tests/support/server";
import { removeSite, syntheticSite, type Database } from "./synthetic-site";
import { httpClient, latencies } from "./http-client";
import { median, percentile, type Row } from "./util";

const ROWS = 100_000;
const ALBUMS = 100;
const REQUESTS = 300;

/** Every photo in one of ALBUMS albums, 1,000 each, newest upload first (album-order.ts measures manual order). */
function fillAlbums(sqlite: Database): void {
  const album = sqlite.prepare(
    "INSERT INTO albums (slug, name, position, sort, created_at) VALUES (?, ?, ?, 'uploaded_at', ?)",
  );
  const member = sqlite.prepare("INSERT INTO album_images (album_id, image_id) VALUES (?, ?)");
  for (let a = 1; a <= ALBUMS; a++) album.run(`album-${a}`, `Album ${a}`, a, Date.now());
  for (let id = 1; id <= ROWS; id++) member.run((id % ALBUMS) + 1, id);
  // 20 cameras of 5,000 photos each and 30 lenses, one camera with only 10: the camera and lens pages (record 078).
  sqlite.exec(`UPDATE images SET camera_make = 'FUJIFILM', camera_model = 'X-T' || (id % 20),
    lens = 'XF' || (id % 30) || 'mm', taken_at = uploaded_at`);
  sqlite.exec("UPDATE images SET camera_model = 'X-Pro3' WHERE id % 10000 = 7");
}

export async function benchApiLatency(): Promise<Row[]> {
  const dirs = await syntheticSite(ROWS, fillAlbums);
  const server = await startServer({ dirs });
  const client = httpClient(server.url);
  try {
    const deepPage = Math.floor(ROWS / 24) - 10;
    const cases = [
      ["page 1", "/api/image?page=1"],
      [`deep page ${deepPage}`, `/api/image?page=${deepPage}`],
      ["page 1 by name", "/api/image?page=1&sortField=name&sortOrder=asc"],
      ["random 10", "/api/image/random?count=10"],
      [`album page 1 (${ALBUMS} albums)`, `/api/image?album=${ALBUMS / 2}`],
      ["album page 40", `/api/image?album=${ALBUMS / 2}&page=40`],
      ["camera page 1 (5,000 photos)", "/api/image?camera=fujifilm-x-t7"],
      ["camera page 1 (10 photos)", "/api/image?camera=fujifilm-x-pro3"],
      ["lens page 1", "/api/image?lens=xf7mm"],
    ] as const;
    const rows: Row[] = [];
    for (const [label, path] of cases) {
      const times = await latencies(() => client.send(path), REQUESTS);
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
    client.close();
    await server.stop();
    removeSite(dirs);
  }
}
