import { MAX_VISITORS_PER_LINK } from "~/lib/favourites";
import { favouritesCsvPath } from "~/lib/paths";
import { loginAdmin, startServer } from "../../tests/support/server";
import { httpClient, latencies } from "./http-client";
import { removeSite, syntheticSite, type Database } from "./synthetic-site";
import { median, percentile, type Row } from "./util";

/** A wedding's album: every photo in it, each of the link's visitors hearting a fifth and commenting on a few. */
const PHOTOS = 500;
const HEARTS_EACH = 100;
const COMMENTS_EACH = 5;
const REQUESTS = 30;

/** One link at the cap of visitors (issue 28), half of them having sent their selection with a note. */
function fillAlbum(sqlite: Database): void {
  const now = Date.now();
  sqlite
    .prepare(
      "INSERT INTO albums (slug, name, position, sort, created_at, visibility) VALUES ('wedding', 'Wedding', 1, 'manual', ?, 'private')",
    )
    .run(now);
  const member = sqlite.prepare("INSERT INTO album_images (album_id, image_id, position) VALUES (1, ?, ?)");
  for (let id = 1; id <= PHOTOS; id++) member.run(id, id * 1024);
  sqlite
    .prepare(
      "INSERT INTO share_links (album_id, label, token_hash, created_at, download) VALUES (1, 'The couple and guests', 'bench', ?, 'web')",
    )
    .run(now);
  const visitor = sqlite.prepare(
    "INSERT INTO share_visitors (link_id, name, created_at, sent_at, sent_note) VALUES (1, ?, ?, ?, ?)",
  );
  const heart = sqlite.prepare("INSERT INTO favourites (visitor_id, image_id, created_at) VALUES (?, ?, ?)");
  const comment = sqlite.prepare(
    "INSERT INTO photo_comments (visitor_id, image_id, body, updated_at) VALUES (?, ?, ?, ?)",
  );
  for (let v = 1; v <= MAX_VISITORS_PER_LINK; v++) {
    const sent = v % 2 === 0;
    visitor.run(`Guest ${v}`, now, sent ? now : null, sent ? `Our picks, from guest ${v}. Thank you!` : null);
    for (let h = 0; h < HEARTS_EACH; h++) heart.run(v, ((v * 7 + h * 5) % PHOTOS) + 1, now);
    for (let c = 0; c < COMMENTS_EACH; c++)
      comment.run(v, ((v * 7 + c * 5) % PHOTOS) + 1, "Could this one be brighter?", now);
  }
}

/** The owner's album page and its favourites CSV when a link holds the most visitors it takes. */
export async function benchFavouritesCap(): Promise<Row[]> {
  const dirs = await syntheticSite(PHOTOS, fillAlbum);
  const server = await startServer({ dirs });
  const client = httpClient(server.url);
  const at = `${MAX_VISITORS_PER_LINK} visitors × ${HEARTS_EACH} hearts and ${COMMENTS_EACH} comments, ${PHOTOS} photos`;
  try {
    const { cookie } = await loginAdmin(server.url);
    const headers = { Cookie: cookie };
    const row = (figure: string, target: number, times: number[]): Row => {
      const p50 = median(times);
      return {
        figure: `${figure}, ${at} (p95 ${percentile(times, 95).toFixed(1)} ms)`,
        target: `p50 ≤ ${target} ms`,
        measured: `${p50.toFixed(1)} ms`,
        ratio: (p50 / target).toFixed(2),
      };
    };
    const page = await latencies(() => client.send("/photography/admin/albums/wedding", { headers }), REQUESTS);
    const csv = await latencies(() => client.send(favouritesCsvPath("wedding"), { headers }), REQUESTS);
    return [
      row("the owner's album page with a link at the visitor cap", 200, page),
      row(`the favourites CSV (${(MAX_VISITORS_PER_LINK * HEARTS_EACH).toLocaleString("en")} rows)`, 500, csv),
    ];
  } finally {
    client.close();
    await server.stop();
    removeSite(dirs);
  }
}
