// HEIC decoding (heic.server.ts): time and peak memory for a 12-megapixel
// iPhone-sized photo, decoded in its worker as an upload is.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeHeic } from "~/server/photos/heic.server";
import { noisyPhoto } from "../noisy-photo";
import { hasCommand, median, timeMs, type Row } from "./util";

const RUNS = 3;
const TARGET_MS = 3000;
const TARGET_MB = 400;

/** sharp sets VIPSHOME to its bundled libvips, whose HEIF module cannot encode HEVC; the system's vips can. */
const { VIPSHOME: _sharpVipsHome, ...systemEnv } = process.env;

function peakRssBytes(): number {
  return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;
}

export async function benchHeic(): Promise<Row[]> {
  if (!hasCommand("vips", ["--vips-version"])) {
    return [{ figure: "HEIC decode, 12 MP", target: "—", measured: "apt-get install -y libvips-tools", ratio: "—" }];
  }
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-heic-"));
  try {
    const jpeg = path.join(base, "photo.jpg");
    const heic = path.join(base, "photo.heic");
    const [width, height] = [4032, 3024];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#5a8"/><circle cx="2800" cy="900" r="500" fill="#fd8"/></svg>`;
    fs.writeFileSync(jpeg, await noisyPhoto(svg, width, height, 92));
    execFileSync("vips", ["heifsave", jpeg, heic, "--compression", "hevc", "-Q", "80"], { env: systemEnv });

    const times: number[] = [];
    const peaks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      global.gc?.();
      // Linux: "5" resets the peak resident size, so VmHWM is this decode's.
      fs.writeFileSync("/proc/self/clear_refs", "5");
      const before = peakRssBytes();
      times.push(await timeMs(() => decodeHeic(heic, { width, height })));
      peaks.push(peakRssBytes() - before);
    }
    const ms = median(times);
    const mb = median(peaks) / 1024 / 1024;
    return [
      {
        figure: `HEIC (HEVC) decode of a 12 MP photo (${(fs.statSync(heic).size / 1024 / 1024).toFixed(1)} MB) in its worker, median of ${RUNS}`,
        target: `≤ ${TARGET_MS} ms`,
        measured: `${ms.toFixed(0)} ms`,
        ratio: (ms / TARGET_MS).toFixed(2),
      },
      {
        figure: "HEIC decode of a 12 MP photo: peak memory growth of the server process (worker included)",
        target: `≤ ${TARGET_MB} MB`,
        measured: `${mb.toFixed(0)} MB`,
        ratio: (mb / TARGET_MB).toFixed(2),
      },
    ];
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}
