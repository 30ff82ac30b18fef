import { startServer } from "../../tests/support/server";
import { httpClient, latencies } from "./http-client";
import path from "node:path";
import { openDatabase } from "~/server/data/db.server";
import { searchWords } from "~/lib/search";
import { removeSite, syntheticSite, type Database, type SiteDirs } from "./synthetic-site";
import { median, percentile, timeMs, type Row } from "./util";

const PHOTOS = 100_000;
const REQUESTS = 300;
const SUBJECTS = ["Harbour", "Bridge", "Portrait", "Street", "Market", "Mountain", "Fjord", "Beach", "Forest", "Night"];
const PLACES = [
  ...["Lofoten", "Malmö", "Kyoto", "Lisbon", "Reykjavík", "Tromsø", "Porto", "Oslo", "Bergen", "Copenhagen"],
  ...["Berlin", "Vienna", "Prague", "Kraków", "Seville", "Naples", "Istanbul", "Tbilisi", "Hanoi", "Osaka"],
  ...["Seoul", "Taipei", "Lima", "Cusco", "Quito", "Havana", "Dakar", "Marrakesh", "Cairo", "Petra"],
  ...[
    "Nairobi",
    "Zanzibar",
    "Hobart",
    "Auckland",
    "Queenstown",
    "Vancouver",
    "Montréal",
    "Halifax",
    "Nuuk",
    "Svalbard",
  ],
];
const CAMERAS = [
  ["FUJIFILM", "X-T5"],
  ["FUJIFILM", "X100V"],
  ["SONY", "ILCE-7M4"],
  ["Canon", "EOS R6"],
  ["NIKON CORPORATION", "NIKON Z 6_2"],
  ["LEICA CAMERA AG", "LEICA Q2"],
  ["OLYMPUS", "E-M1MarkIII"],
  ["Apple", "iPhone 15 Pro"],
];
const LENSES = ["XF23mmF1.4 R LM WR", "FE 35mm F1.8", "RF24-105mm F4 L IS USM", "NIKKOR Z 50mm f/1.8 S", "Summilux 28"];
const TAGS = 300;
const ALBUMS = 100;

/**
 * Each photo a subject in a place, one of eight cameras and five lenses, taken on a day of 2015–2025, with three
 * of TAGS tags (a third under a "Places|…" path) and in one of ALBUMS albums (a fifth of them private). Written as
 * the app writes them, so the search index's triggers fill it as they would.
 */
function describePhotos(sqlite: Database): void {
  const update = sqlite.prepare(
    "UPDATE images SET name = ?, description = ?, camera_make = ?, camera_model = ?, lens = ?, taken_at = ? WHERE id = ?",
  );
  const day = 86_400_000;
  const first = Date.UTC(2015, 0, 1);
  for (let id = 1; id <= PHOTOS; id++) {
    const place = PLACES[id % PLACES.length]!;
    const subject = SUBJECTS[Math.floor(id / PLACES.length) % SUBJECTS.length]!;
    const [make, model] = CAMERAS[id % CAMERAS.length]!;
    const description = `${subject} seen on a walk through ${place}, frame ${id}.`;
    update.run(
      `${subject} in ${place}`,
      description,
      make,
      model,
      LENSES[id % LENSES.length],
      first + (id % 4000) * day,
      id,
    );
  }
  const tag = sqlite.prepare("INSERT INTO tags (slug, name) VALUES (?, ?)");
  for (let t = 1; t <= TAGS; t++) tag.run(`tag-${t}`, `Keyword${t}`);
  const tagged = sqlite.prepare("INSERT INTO image_tags (image_id, tag_id, path) VALUES (?, ?, ?)");
  for (let id = 1; id <= PHOTOS; id++) {
    for (const t of new Set([id % TAGS, (id * 7) % TAGS, (id * 13) % TAGS])) {
      tagged.run(id, t + 1, t % 3 ? `Keyword${t + 1}` : `Places|Norway|Keyword${t + 1}`);
    }
  }
  const album = sqlite.prepare(
    "INSERT INTO albums (slug, name, position, sort, created_at, visibility) VALUES (?, ?, ?, 'taken_at', ?, ?)",
  );
  for (let a = 1; a <= ALBUMS; a++) {
    album.run(`album-${a}`, `Journey ${a}`, a, Date.now(), a % 5 ? "public" : "private");
  }
  const member = sqlite.prepare("INSERT INTO album_images (album_id, image_id) VALUES (?, ?)");
  for (let id = 1; id <= PHOTOS; id++) member.run((id % ALBUMS) + 1, id);
}

/** How many photos the index matches for `q`, all columns: the size of what a search ranks. */
function matches(dirs: SiteDirs, q: string): string {
  const sqlite = openDatabase(path.join(dirs.dataDir, "portfolio.sqlite"));
  try {
    const match = searchWords(q)
      .map((word) => `"${word}"*`)
      .join(" AND ");
    const row = sqlite.prepare("SELECT count(*) AS n FROM photo_search WHERE photo_search MATCH ?").get(match) as {
      n: number;
    };
    return row.n.toLocaleString("en");
  } finally {
    sqlite.close();
  }
}

/** A search's first page (GET /api/image?q=) and a tag's, at PHOTOS photos; the index's fill time for reference. */
export async function benchSearch(): Promise<Row[]> {
  let dirs: SiteDirs | undefined;
  const fillMs = await timeMs(async () => (dirs = await syntheticSite(PHOTOS, describePhotos)));
  const server = await startServer({ dirs });
  const client = httpClient(server.url);
  const at = `${PHOTOS.toLocaleString("en")} photos`;
  try {
    const searches = [
      ["a place", "lofoten"],
      ["two words", "harbour lofoten"],
      ["a prefix, its accent folded", "reykja"],
      ["a month and year", "june 2024"],
      ["a camera model", "x-t5"],
      ["a tag's path", "places"],
    ] as const;
    const rows: Row[] = [];
    const row = (label: string, target: number, times: number[]): Row => {
      const p50 = median(times);
      return {
        figure: `${label} at ${at} (p95 ${percentile(times, 95).toFixed(2)} ms)`,
        target: `p50 ≤ ${target} ms`,
        measured: `${p50.toFixed(2)} ms`,
        ratio: (p50 / target).toFixed(2),
      };
    };
    for (const [label, q] of searches) {
      const times = await latencies(() => client.send(`/api/image?q=${encodeURIComponent(q)}`), REQUESTS);
      rows.push(row(`search's first page, ${label} ("${q}", ${matches(dirs!, q)} matches)`, 10, times));
    }
    const page = await latencies(() => client.send("/photography/search?q=lofoten"), REQUESTS / 3);
    rows.push(row("search page, server-rendered, a place", 50, page));
    const tagPage = await latencies(() => client.send("/api/image?tag=7"), REQUESTS);
    rows.push(
      row(`tag's first page (about ${Math.round((PHOTOS * 3) / TAGS).toLocaleString("en")} photos)`, 5, tagPage),
    );
    rows.push({
      figure: `${at} written with their tags and albums, the index filled by its triggers`,
      target: "—",
      measured: `${(fillMs / 1000).toFixed(1)} s`,
      ratio: "—",
    });
    return rows;
  } finally {
    client.close();
    await server.stop();
    if (dirs) removeSite(dirs);
  }
}
