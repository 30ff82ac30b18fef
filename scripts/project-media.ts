/**
 * Draws the sample project media in app/content/sample-projects/ (imported into the photo store at the
 * first start): small WebP stills, and the
 * game-of-life clip (H.264 MP4 plus its poster) rendered from app/lib/life.ts.
 * Run with `npx tsx scripts/project-media.ts`, then `npx tsx scripts/sample-variants.ts` for the variants the first
 * start stores; the owner replaces them in the admin.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { advance, nextGeneration, patternGrid, type Grid } from "../app/lib/life";

const OUT = "app/content/sample-projects";
const W = 640;
const H = 360;

const svg = (body: string, background: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
  `<rect width="${W}" height="${H}" fill="${background}"/>${body}</svg>`;

const text = (
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  extra = "",
  font = "DejaVu Sans, sans-serif",
) => `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" fill="${fill}" ${extra}>${content}</text>`;
const mono = (x: number, y: number, fill: string, content: string) =>
  text(x, y, 22, fill, content, "", "Noto Sans Mono, monospace");

const stills: Record<string, string> = {
  "career-fair": svg(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4338ca"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
     <rect width="${W}" height="${H}" fill="url(#g)"/>
     ${text(40, 90, 44, "#fff", "Career Fair 2025", 'font-weight="700"')}
     ${text(40, 130, 20, "#e0e7ff", "Meet 60 companies · March 12 · Main hall")}
     ${[0, 1, 2, 3].map((i) => `<rect x="${40 + i * 145}" y="180" width="125" height="130" rx="12" fill="#ffffff" fill-opacity="0.18"/><circle cx="${102 + i * 145}" cy="230" r="26" fill="#fff" fill-opacity="0.85"/><rect x="${62 + i * 145}" y="272" width="80" height="10" rx="5" fill="#fff" fill-opacity="0.7"/>`).join("")}`,
    "#4338ca",
  ),
  "numeral-to-kana": svg(
    `<rect x="40" y="40" width="560" height="280" rx="14" fill="#0f172a"/>
     <circle cx="68" cy="66" r="7" fill="#f87171"/><circle cx="90" cy="66" r="7" fill="#fbbf24"/><circle cx="112" cy="66" r="7" fill="#34d399"/>
     ${mono(70, 130, "#94a3b8", "$ npm install numeral-to-kana")}
     ${mono(70, 185, "#e2e8f0", "toKana(123)")}
     ${mono(70, 230, "#34d399", "// hyaku ni-juu san")}
     ${mono(70, 275, "#e2e8f0", "toKana(8000) // hassen")}`,
    "#1e293b",
  ),
  "alcohol-per-krona": svg(
    `<rect x="30" y="30" width="580" height="300" rx="12" fill="#ffffff"/>
     <rect x="30" y="30" width="580" height="40" rx="12" fill="#e5e7eb"/><rect x="60" y="42" width="380" height="16" rx="8" fill="#fff"/>
     ${[0, 1, 2].map((i) => `<rect x="${55 + i * 185}" y="95" width="165" height="210" rx="10" fill="#f3f4f6"/><rect x="${115 + i * 185}" y="110" width="45" height="110" rx="8" fill="${["#7c2d12", "#a16207", "#166534"][i]}"/><rect x="${70 + i * 185}" y="235" width="120" height="10" rx="5" fill="#9ca3af"/><rect x="${70 + i * 185}" y="262" width="95" height="28" rx="14" fill="#15803d"/>${text(80 + i * 185, 282, 15, "#fff", `APK ${["2.41", "1.87", "3.02"][i]}`, 'font-weight="700"')}`).join("")}`,
    "#fde68a",
  ),
  "sorting-visualizer": svg(
    [34, 72, 15, 88, 51, 63, 27, 95, 42, 8, 77, 56, 20, 69, 38, 84]
      .map(
        (value, i) =>
          `<rect x="${28 + i * 37}" y="${330 - value * 3}" width="30" height="${value * 3}" rx="4" fill="${i === 6 || i === 7 ? "#f59e0b" : i > 11 ? "#10b981" : "#6366f1"}"/>`,
      )
      .join("") + text(28, 48, 26, "#e0e7ff", "Bubble sort · step 42", 'font-weight="700"'),
    "#111827",
  ),
  "it-management": svg(
    `<rect width="${W}" height="56" fill="#0f766e"/>${text(32, 36, 20, "#fff", "Northwind IT", 'font-weight="700"')}
     ${["Services", "About", "Contact"].map((item, i) => text(380 + i * 88, 35, 15, "#ccfbf1", item)).join("")}
     ${text(32, 130, 34, "#134e4a", "Managed IT that just works", 'font-weight="700"')}
     ${text(32, 166, 17, "#115e59", "Support, security and cloud for small businesses.")}
     <rect x="32" y="186" width="150" height="40" rx="8" fill="#0f766e"/>${text(52, 212, 16, "#fff", "Book a call")}
     ${[0, 1, 2].map((i) => `<rect x="${32 + i * 196}" y="250" width="180" height="86" rx="10" fill="#ffffff"/><rect x="${48 + i * 196}" y="266" width="36" height="36" rx="8" fill="#5eead4"/><rect x="${48 + i * 196}" y="312" width="120" height="9" rx="4" fill="#99f6e4"/>`).join("")}`,
    "#f0fdfa",
  ),
  "departure-kiosk": svg(
    `${text(30, 50, 26, "#fbbf24", "Departures · Central Station", 'font-weight="700"')}${text(520, 50, 26, "#fbbf24", "14:32", 'font-weight="700"')}
     ${[
       ["4", "Radiohuset", "2 min"],
       ["1", "Stora Essingen", "5 min"],
       ["T14", "Fruängen", "7 min"],
       ["55", "Tanto", "11 min"],
       ["T17", "Skarpnäck", "14 min"],
     ]
       .map(
         ([line, destination, due], i) =>
           `<rect x="30" y="${78 + i * 54}" width="580" height="46" rx="6" fill="#111827"/><rect x="40" y="${86 + i * 54}" width="60" height="30" rx="5" fill="${i % 2 ? "#2563eb" : "#dc2626"}"/>${text(52, 108 + i * 54, 18, "#fff", line!, 'font-weight="700"')}${text(120, 108 + i * 54, 20, "#f9fafb", destination!)}${text(520, 108 + i * 54, 20, "#fbbf24", due!)}`,
       )
       .join("")}`,
    "#030712",
  ),
};

async function writeStills() {
  for (const [name, markup] of Object.entries(stills)) {
    const file = path.join(OUT, `${name}.webp`);
    // Drawn at 1.5× so the 256 px high card stays sharp on high-density phones.
    await sharp(Buffer.from(markup), { density: 108 }).webp({ quality: 72, effort: 6 }).toFile(file);
    console.log(`${file}: ${fs.statSync(file).size} bytes`);
  }
}

const CELL = 16;
const LIFE_FRAMES = 150;

/** One RGB frame of the board: living cells as rounded-looking squares on a dark background. */
function lifeFrame(grid: Grid): Buffer {
  const width = grid[0]!.length * CELL;
  const frame = Buffer.alloc(width * grid.length * CELL * 3);
  for (let py = 0; py < grid.length * CELL; py++) {
    for (let px = 0; px < width; px++) {
      const alive = grid[Math.floor(py / CELL)]![Math.floor(px / CELL)];
      const inset = px % CELL > 0 && px % CELL < CELL - 1 && py % CELL > 0 && py % CELL < CELL - 1;
      const [r, g, b] = alive && inset ? [52, 211, 153] : [17, 24, 39];
      const offset = (py * width + px) * 3;
      frame[offset] = r;
      frame[offset + 1] = g;
      frame[offset + 2] = b;
    }
  }
  return frame;
}

async function writeLifeVideo() {
  // Start once the gun has fired a few gliders, so the first frame (the poster) shows it working.
  let grid = advance(patternGrid("glider-gun"), 60);
  const width = grid[0]!.length * CELL;
  const height = grid.length * CELL;
  await sharp(lifeFrame(grid), { raw: { width, height, channels: 3 } })
    .webp({ quality: 70 })
    .toFile(path.join(OUT, "game-of-life-poster.webp"));
  const video = path.join(OUT, "game-of-life.mp4");
  const ffmpeg = spawn(
    "ffmpeg",
    [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${width}x${height}`,
      "-r",
      "10",
      "-i",
      "-",
      "-c:v",
      "libx264",
      "-preset",
      "veryslow",
      "-crf",
      "30",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      "-an",
      video,
    ],
    { stdio: ["pipe", "inherit", "inherit"] },
  );
  for (let i = 0; i < LIFE_FRAMES; i++) {
    ffmpeg.stdin.write(lifeFrame(grid));
    grid = nextGeneration(grid);
  }
  ffmpeg.stdin.end();
  await new Promise<void>((resolve, reject) =>
    ffmpeg.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)))),
  );
  console.log(`${video}: ${fs.statSync(video).size} bytes`);
}

fs.mkdirSync(OUT, { recursive: true });
await writeStills();
await writeLifeVideo();
