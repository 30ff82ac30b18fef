// Watermarked proofs (record 088): the first grid page of 24 photos through a marked link, each proof drawn at its
// first request (cold), then the same page again (warm). Camera-like photos: their variants are made from a detailed
// 4000×3000 JPEG, so drawing and encoding cost what a real photo's do.
import sharp from "sharp";
import { seedImages } from "../../tests/support/seed";
import { loginAdmin, startServer } from "../../tests/support/server";
import { shareKit } from "../../tests/support/share-links";
import { detailedPhoto } from "../detail-photo";
import { median, type Row } from "./util";

const PAGE = 24;
/** A browser's connections to one host over HTTP/1.1. */
const CONNECTIONS = 6;
const TARGET_COLD_MS = 2000;

function scene(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#6a8caf"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.2}" fill="#e9c46a"/>
    <path d="M0 ${height * 0.75} Q ${width * 0.5} ${height * 0.55} ${width} ${height * 0.7} V ${height} H 0 Z" fill="#264653"/>
  </svg>`;
}

/** The seeded photos' WebP variants, made from one camera-like photo at the widths the library photos have. */
async function cameraVariants(): Promise<Record<string, Buffer>> {
  const photo = await detailedPhoto(scene(4000, 3000), 4000, 3000, 7);
  const files: Record<string, Buffer> = {};
  for (const width of [320, 480, 600])
    files[`w${width}.webp`] = await sharp(photo).resize(width).webp({ quality: 78, effort: 3 }).toBuffer();
  return files;
}

/** Fetches every address, CONNECTIONS at a time, as a browser fills a grid; the time until the last has arrived. */
async function fetchAll(urls: string[], cookie: string): Promise<number> {
  const started = performance.now();
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const response = await fetch(url, { headers: { Cookie: cookie } });
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return performance.now() - started;
}

export async function benchProofs(): Promise<Row[]> {
  const server = await startServer();
  try {
    const session = await loginAdmin(server.url);
    const kit = shareKit(server, session);
    const files = await cameraVariants();
    const cold: number[] = [];
    const warm: number[] = [];
    const plain: number[] = [];
    for (const run of [1, 2, 3]) {
      const album = await kit.createAlbum(`Proofs ${run}`, `proofs-${run}`);
      const photos = Array.from({ length: PAGE }, (_, i) => ({
        name: `Proof ${run}-${i}`,
        photo: 0,
        visibility: "hidden" as const,
        albumIds: [album.id],
        files,
      }));
      await seedImages(server, session.token, photos);
      const watermark = { kind: "text", text: "© Ana Lima Photography", position: "tiled", size: 30, opacity: 40 };
      const marked = await kit.openLink(await kit.createLink(album.id, { label: `Run ${run}`, watermark }));
      const unmarked = await kit.openLink(await kit.createLink(album.id, { label: `Plain ${run}` }));
      // The largest file each photo offers: what a phone's 2-column grid at 2.6× loads.
      const page = async (grant: string, files: RegExp) => {
        const started = performance.now();
        const html = await (await kit.get(`/photography/albums/${album.slug}`, grant)).text();
        const urls = [...new Set(html.match(files))];
        if (urls.length !== PAGE) throw new Error(`the page offered ${urls.length} images`);
        const pageMs = performance.now() - started;
        return (
          pageMs +
          (await fetchAll(
            urls.map((url) => server.url + url),
            grant,
          ))
        );
      };
      const proofs = /\/media\/[a-f0-9]{32}\/p\d+-[0-9a-f]{12}-w600\.webp/g;
      cold.push(await page(marked, proofs));
      warm.push(await page(marked, proofs));
      // Warm too: its page kept for its browser (record 090) and its variants in memory, as the marked link's are.
      const variants = /\/media\/[a-f0-9]{32}\/w600\.webp/g;
      await page(unmarked, variants);
      plain.push(await page(unmarked, variants));
    }
    const coldMs = median(cold);
    const warmMs = median(warm);
    const plainMs = median(plain);
    return [
      {
        figure: `Watermarked first page, cold: the page and its ${PAGE} proofs drawn (median of 3)`,
        target: `≤ ${TARGET_COLD_MS} ms`,
        measured: `${coldMs.toFixed(0)} ms`,
        ratio: (coldMs / TARGET_COLD_MS).toFixed(2),
      },
      {
        figure: `Watermarked first page, warm: the page and its ${PAGE} stored proofs`,
        target: `the usual speed: an unmarked link's ${plainMs.toFixed(0)} ms`,
        measured: `${warmMs.toFixed(0)} ms`,
        ratio: (warmMs / plainMs).toFixed(2),
      },
    ];
  } finally {
    await server.stop();
  }
}
