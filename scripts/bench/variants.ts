import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AVIF_MAX_WIDTH, processImage, variantWidthsFor } from "~/server/photos/image-processing.server";
import { readFileText } from "~/server/photos/file-text.server";
import sharp from "sharp";
import { noisyPhoto } from "../noisy-photo";
import { hasCommand, median, timeMs, type Row } from "./util";

const RUNS = 3;

/** A 24-megapixel camera-like JPEG: gradient plus sensor noise. */
async function makeCameraJpeg(file: string): Promise<void> {
  const width = 6000;
  const height = 4000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#f95"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  fs.writeFileSync(file, await noisyPhoto(svg, width, height, 92));
}

/** sharp sets VIPSHOME to its bundled libvips, which would hide the system libvips' modules (AVIF) from the CLI tools. */
const { VIPSHOME: _sharpVipsHome, ...systemEnv } = process.env;

function freshDir(base: string, name: string): string {
  const dir = path.join(base, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  return dir;
}

export async function benchVariants(): Promise<Row[]> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-variants-"));
  const source = path.join(base, "camera.jpg");
  await makeCameraJpeg(source);
  const widths = variantWidthsFor(6000);
  const avifWidths = widths.filter((w) => w <= AVIF_MAX_WIDTH);

  const ourTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) ourTimes.push(await timeMs(() => processImage(source, freshDir(base, "ours"))));
  const ours = median(ourTimes);

  // The same photo in Display P3: its master goes through an uncompressed TIFF to keep the profile.
  const p3Source = path.join(base, "camera-p3.jpg");
  fs.writeFileSync(p3Source, await sharp(source).withIccProfile("p3").jpeg({ quality: 92 }).toBuffer());
  const p3Times: number[] = [];
  for (let i = 0; i < RUNS; i++) p3Times.push(await timeMs(() => processImage(p3Source, freshDir(base, "p3"))));
  const p3 = median(p3Times);

  const rows: Row[] = [];
  const outputs = [
    ...widths.map((w) => ({ width: w, file: `w${w}.webp`, vips: "[Q=78,effort=3]", magick: ["-quality", "78"] })),
    ...avifWidths.map((w) => ({ width: w, file: `w${w}.avif`, vips: "[Q=45,effort=3]", magick: ["-quality", "45"] })),
  ];
  const label = `${widths.length} WebP + ${avifWidths.length} AVIF variants of a 24 MP JPEG`;

  if (hasCommand("vipsthumbnail", ["--vips-version"])) {
    const vipsTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dir = freshDir(base, "vips");
      vipsTimes.push(
        await timeMs(() => {
          for (const o of outputs) {
            execFileSync("vipsthumbnail", [source, "-s", String(o.width), "-o", path.join(dir, o.file) + o.vips], {
              env: systemEnv,
            });
          }
        }),
      );
    }
    const vips = median(vipsTimes);
    rows.push(
      {
        figure: `variant generation, ${label}: sharp pipeline vs vipsthumbnail`,
        target: "≤ 1.3× vipsthumbnail",
        measured: `${(ours / 1000).toFixed(2)} s vs ${(vips / 1000).toFixed(2)} s`,
        ratio: (ours / vips).toFixed(2),
      },
      {
        figure: `variant generation, ${label} in Display P3 (variants keep P3): sharp pipeline vs vipsthumbnail`,
        target: "≤ 1.3× vipsthumbnail",
        measured: `${(p3 / 1000).toFixed(2)} s vs ${(vips / 1000).toFixed(2)} s (sRGB: ${(ours / 1000).toFixed(2)} s)`,
        ratio: (p3 / vips).toFixed(2),
      },
    );
  } else {
    rows.push({
      figure: "variant generation vs vipsthumbnail",
      target: "≤ 1.3×",
      measured: "vipsthumbnail not installed (apt-get install libvips-tools)",
      ratio: "–",
    });
  }

  if (hasCommand("/usr/bin/convert", ["-version"], "ImageMagick")) {
    const magickTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dir = freshDir(base, "magick");
      magickTimes.push(
        await timeMs(() => {
          for (const o of outputs) {
            execFileSync(
              "/usr/bin/convert",
              [source, "-auto-orient", "-strip", "-resize", `${o.width}x`, ...o.magick, path.join(dir, o.file)],
              { env: systemEnv },
            );
          }
        }),
      );
    }
    const magick = median(magickTimes);
    rows.push({
      figure: `variant generation, ${label}: sharp pipeline vs ImageMagick convert`,
      target: "≤ 1.0× ImageMagick",
      measured: `${(ours / 1000).toFixed(2)} s vs ${(magick / 1000).toFixed(2)} s`,
      ratio: (ours / magick).toFixed(2),
    });
  } else {
    rows.push({
      figure: "variant generation vs ImageMagick",
      target: "≤ 1.0×",
      measured: "ImageMagick not installed at /usr/bin/convert (apt-get install imagemagick)",
      ratio: "–",
    });
  }
  rows.push(await textReadingRow(source, ours));
  fs.rmSync(base, { recursive: true, force: true });
  return rows;
}

/**
 * What reading a photo's own title, caption and keywords (record 075) adds to an upload: the camera JPEG with every
 * layout Lightroom and Photo Mechanic write (the text-all.jpg fixture's XMP, IPTC and EXIF), against its variants.
 */
async function textReadingRow(source: string, variantsMs: number): Promise<Row> {
  const figure = "reading a 24 MP JPEG's title, caption and keywords (XMP, IPTC and EXIF) on upload";
  if (!hasCommand("exiftool", ["-ver"])) {
    return {
      figure,
      target: "≤ 50 ms",
      measured: "exiftool not installed (apt-get install libimage-exiftool-perl)",
      ratio: "–",
    };
  }
  const tagged = path.join(path.dirname(source), "camera-text.jpg");
  fs.copyFileSync(source, tagged);
  const fixture = path.resolve("tests/fixtures/text-all.jpg");
  execFileSync("exiftool", [
    "-q",
    "-overwrite_original",
    "-tagsFromFile",
    fixture,
    "-XMP:all",
    "-IPTC:all",
    "-EXIF:all",
    tagged,
  ]);
  const text = await readFileText(tagged);
  if (!text.title || !text.keywords.length) throw new Error("The bench's photo carries no text to read");
  const times: number[] = [];
  for (let i = 0; i < 9; i++) times.push(await timeMs(() => readFileText(tagged)));
  const ms = median(times);
  return {
    figure: `${figure} (its variants: ${(variantsMs / 1000).toFixed(2)} s)`,
    target: "≤ 50 ms",
    measured: `${ms.toFixed(1)} ms (${((ms / variantsMs) * 100).toFixed(2)} % of the variants' time)`,
    ratio: (ms / 50).toFixed(2),
  };
}
