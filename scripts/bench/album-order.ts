import { loginAdmin, startServer } from "../../tests/support/server";
import { removeSite, syntheticSite, type Database } from "./synthetic-site";
import { median, percentile, type Row } from "./util";

const PHOTOS = 10_000;
const REQUESTS = 300;
const GAP = 1024;

/** One manual album of all PHOTOS photos, positions GAP apart as moves leave them. */
function oneBigAlbum(sqlite: Database): void {
  sqlite
    .prepare("INSERT INTO albums (slug, name, position, sort, created_at) VALUES ('story', 'Story', 1, 'manual', ?)")
    .run(Date.now());
  const member = sqlite.prepare("INSERT INTO album_images (album_id, image_id, position) VALUES (1, ?, ?)");
  for (let id = 1; id <= PHOTOS; id++) member.run(id, id * GAP);
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
  const dirs = await syntheticSite(PHOTOS, oneBigAlbum);
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
    removeSite(dirs);
  }
}
