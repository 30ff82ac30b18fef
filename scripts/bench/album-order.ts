import { loginAdmin, startServer } from "../../tests/support/server";
import { removeSite, syntheticSite, type Database } from "./synthetic-site";
import { httpClient, latencies } from "./http-client";
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

/** Move latency (POST /api/album/1/order to random places) and the album's first page, at PHOTOS photos in one album. */
export async function benchAlbumOrder(): Promise<Row[]> {
  const dirs = await syntheticSite(PHOTOS, oneBigAlbum);
  const server = await startServer({ dirs });
  const client = httpClient(server.url);
  try {
    const { token } = await loginAdmin(server.url);
    const place = () => 1 + Math.floor(Math.random() * PHOTOS);
    const move = () =>
      client.send("/api/album/1/order", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ imageId: place(), position: place() }),
      });
    const firstPage = () => client.send("/api/image?album=1");
    const cases = [
      ["move one photo", move],
      ["album page 1 in manual order", firstPage],
    ] as const;
    const rows: Row[] = [];
    for (const [label, call] of cases) {
      const times = await latencies(call, REQUESTS);
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
    client.close();
    await server.stop();
    removeSite(dirs);
  }
}
