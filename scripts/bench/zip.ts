import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { loginAdmin, startServer } from "../../tests/support/server";
import { detailedPhoto } from "../detail-photo";
import { removeSite, syntheticSite, type Database } from "./synthetic-site";
import { hasCommand, rssBytes, type Row } from "./util";

const MB = 1024 * 1024;
const ALBUM_BYTES = 1024 * MB;
/** Distinct camera-like photos; the album holds hard links to them, as many as make ALBUM_BYTES. */
const DISTINCT = 6;

function scene(seed: number, width: number, height: number): string {
  const hue = (seed * 67) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},45%,55%)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height * 0.15}" fill="hsl(${(hue + 40) % 360},70%,75%)"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.4} ${height * 0.5} ${width} ${height * 0.65} V ${height} H 0 Z" fill="hsl(${(hue + 120) % 360},30%,22%)"/>
  </svg>`;
}

/** Reads the whole answer, sampling the server's RSS; the time to its first bytes and to its end. */
function download(url: string, cookie: string, pid: number) {
  return new Promise<{ bytes: number; firstMs: number; totalMs: number; peak: number }>((resolve, reject) => {
    const started = performance.now();
    let firstMs = 0;
    let bytes = 0;
    let peak = rssBytes(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    http
      .get(url, { headers: { Cookie: cookie } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`answered ${response.statusCode}`));
        response.on("data", (chunk: Buffer) => {
          if (!bytes) firstMs = performance.now() - started;
          bytes += chunk.length;
        });
        response.on("end", () => {
          clearInterval(sampler);
          resolve({ bytes, firstMs, totalMs: performance.now() - started, peak });
        });
      })
      .on("error", reject);
  });
}

/** "Download all" of a 1 GB album of 4000×3000 camera-like JPEGs: RSS growth, first bytes and MB/s, beside `zip -0`. */
export async function benchZip(): Promise<Row[]> {
  const photos = await Promise.all(
    Array.from({ length: DISTINCT }, (_, i) => detailedPhoto(scene(i, 4000, 3000), 4000, 3000, i + 1)),
  );
  const average = photos.reduce((sum, photo) => sum + photo.length, 0) / DISTINCT;
  const count = Math.ceil(ALBUM_BYTES / average);
  const keys: string[] = [];
  const dirs = await syntheticSite(count, (sqlite: Database) => {
    sqlite
      .prepare("INSERT INTO albums (slug, name, position, sort, created_at) VALUES ('bench', 'Bench', 1, 'manual', ?)")
      .run(Date.now());
    const member = sqlite.prepare("INSERT INTO album_images (album_id, image_id, position) VALUES (1, ?, ?)");
    for (let id = 1; id <= count; id++) member.run(id, id * 1024);
    for (const row of sqlite.prepare("SELECT storage_key FROM images ORDER BY id").all() as { storage_key: string }[])
      keys.push(row.storage_key);
  });
  const sources = path.join(dirs.uploadsDir, "bench-sources");
  fs.mkdirSync(sources, { recursive: true });
  photos.forEach((photo, i) => fs.writeFileSync(path.join(sources, `${i}.jpg`), photo));
  const originals = keys.map((key, i) => {
    const dir = path.join(dirs.uploadsDir, "images", key);
    fs.mkdirSync(dir, { recursive: true });
    fs.linkSync(path.join(sources, `${i % DISTINCT}.jpg`), path.join(dir, "original"));
    return path.join(dir, "original");
  });
  const totalMb = originals.reduce((sum, file) => sum + fs.statSync(file).size, 0) / MB;

  const server = await startServer({ dirs });
  const rows: Row[] = [];
  try {
    const { cookie } = await loginAdmin(server.url);
    const pid = server.process.pid!;
    const baseline = rssBytes(pid);
    const result = await download(`${server.url}/photography/albums/bench/download`, cookie, pid);
    const growth = (result.peak - baseline) / MB;
    const mbPerS = result.bytes / MB / (result.totalMs / 1000);
    rows.push(
      {
        figure: `Download all of a ${totalMb.toFixed(0)} MB album (${count} photos): server RSS growth`,
        target: "≤ 64 MB",
        measured: `${growth.toFixed(1)} MB (baseline ${(baseline / MB).toFixed(0)} MB)`,
        ratio: (growth / 64).toFixed(2),
      },
      {
        figure: "Download all: first bytes",
        target: "≤ 2000 ms",
        measured: `${result.firstMs.toFixed(0)} ms`,
        ratio: (result.firstMs / 2000).toFixed(2),
      },
    );
    let zipFigure = "zip is not installed";
    let ratio = "n/a";
    if (hasCommand("zip", ["-v"])) {
      // The same files under unique names, stored (-0), to a file: what a shell script would do.
      const named = path.join(dirs.uploadsDir, "bench-named");
      fs.mkdirSync(named);
      originals.forEach((file, i) => fs.symlinkSync(file, path.join(named, `photo-${i}.jpg`)));
      const out = path.join(dirs.uploadsDir, "bench.zip");
      const started = performance.now();
      execFileSync("zip", ["-0", "-q", "-r", out, "."], { cwd: named });
      const zipMbPerS = fs.statSync(out).size / MB / ((performance.now() - started) / 1000);
      fs.rmSync(out);
      zipFigure = `zip -0: ${zipMbPerS.toFixed(0)} MB/s`;
      ratio = (mbPerS / zipMbPerS).toFixed(2);
    }
    rows.push({
      figure: "Download all: throughput (ratio: server / zip -0, higher is better)",
      target: "beside zip -0",
      measured: `${mbPerS.toFixed(0)} MB/s (${zipFigure})`,
      ratio,
    });
    return rows;
  } finally {
    await server.stop();
    removeSite(dirs);
  }
}
