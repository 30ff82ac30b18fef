// `npm run seed [-- count [width] [--detail]]`: adds generated demo photos (no downloads)
// so a new site is not empty. Safe while the server runs (SQLite WAL, same storage rules).
// `--detail` makes camera-like photos (4:3, 4000 px wide unless given, fine detail at
// every scale, about 2.5 MB each), to measure pages as a real library loads them.
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import { initDatabase } from "~/server/data/db.server";
import { HttpError } from "~/server/core/http-error.server";
import { createImage } from "~/server/photos/image-store.server";
import { keepNewFilesPrivate } from "~/server/storage/private-files.server";
import { ensureTmpDir, tmpPath } from "~/server/storage/storage.server";
import { detailedPhoto } from "./detail-photo";
import { noisyPhoto } from "./noisy-photo";

const detail = process.argv.includes("--detail");
const [countArg, widthArg] = process.argv.slice(2).filter((arg) => arg !== "--detail");
const count = Number(countArg ?? 60);
const photoWidth = Number(widthArg ?? (detail ? 4000 : 2400));
if (!Number.isInteger(count) || count < 1 || count > 1000 || !Number.isInteger(photoWidth) || photoWidth < 320) {
  console.error("Usage: npm run seed -- [count from 1 to 1000, default 60] [width from 320, default 2400] [--detail]");
  process.exit(1);
}

const SHAPES = detail
  ? ([
      [4 / 3, "landscape"],
      [4 / 3, "landscape"],
      [3 / 4, "portrait"],
    ] as const)
  : ([
      [1.5, "landscape"],
      [0.75, "portrait"],
      [1, "square"],
      [1.78, "panorama"],
    ] as const);

/** A "photo": sky gradient, hills, a sun, and sensor-like noise so it compresses like a real one. */
async function demoPhoto(index: number): Promise<{ data: Buffer; name: string; description: string }> {
  const [ratio, shape] = SHAPES[index % SHAPES.length]!;
  // A camera's portrait is its landscape turned: the long side stays the width asked for.
  const width = detail && ratio < 1 ? Math.round(photoWidth * ratio) : photoWidth;
  const height = Math.round(width / ratio);
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,80%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width * (0.2 + (index % 5) * 0.15)}" cy="${height * 0.3}" r="${height * 0.09}" fill="hsl(${(hue + 180) % 360},90%,85%)"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.3} ${height * 0.45} ${width * 0.6} ${height * 0.68} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="hsl(${(hue + 90) % 360},35%,30%)"/>
    <path d="M0 ${height * 0.85} Q ${width * 0.5} ${height * 0.7} ${width} ${height * 0.9} V ${height} H 0 Z" fill="hsl(${(hue + 120) % 360},30%,18%)"/>
  </svg>`;
  const data = detail ? await detailedPhoto(svg, width, height, index + 1) : await noisyPhoto(svg, width, height);
  return { data, name: `Demo ${shape} ${index + 1}`, description: `A generated ${shape} scene, number ${index + 1}.` };
}

keepNewFilesPrivate();
initDatabase();
ensureTmpDir();
let added = 0;
const started = Date.now();
for (let i = 0; i < count; i++) {
  const photo = await demoPhoto(i);
  const path = tmpPath(".upload");
  await fsp.writeFile(path, photo.data);
  const file = {
    path,
    filename: `${detail ? "detail" : "demo"}-${i + 1}.jpg`,
    size: photo.data.length,
    checksum: crypto.createHash("sha256").update(photo.data).digest("hex"),
  };
  try {
    await createImage(file, { name: photo.name, description: photo.description, visibility: "public" });
    added++;
  } catch (error) {
    // A duplicate means this demo photo is already there from an earlier seed.
    if (!(error instanceof HttpError && error.status === 409)) throw error;
  }
}
console.log(
  `Seeded ${added} demo photos (${count - added} already present) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
