// The S3 store next to the disk, against a local S3-protocol server (s3rver,
// in this process, so its own work counts in the S3 times): how long an upload
// takes to answer, how long a photo's first view takes (nothing in memory
// yet: the file comes from the store), and the memory a 500 MB original costs
// on its way into the bucket (lib-storage's multipart upload).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../../tests/support/images";
import { startTestBucket, type TestBucket } from "../../tests/support/s3";
import { loginAdmin, startServer, untilExit } from "../../tests/support/server";
import { median, timeMs, type Row } from "./util";

const PHOTOS = 8;
const MB = 1024 * 1024;

async function latencies(env: Record<string, string>): Promise<{ upload: number; firstView: number }> {
  const server = await startServer({ env });
  try {
    const { token } = await loginAdmin(server.url);
    const uploads: number[] = [];
    const views: number[] = [];
    for (let i = 0; i < PHOTOS; i++) {
      const data = await makeJpeg(3000, 2000, 9000 + i);
      let image: Image | undefined;
      uploads.push(
        await timeMs(async () => {
          const response = await uploadImage(server.url, token, { data, filename: `bench-${i}.jpg` });
          if (response.status !== 201) throw new Error(`s3 bench: upload answered ${response.status}`);
          image = (await response.json()) as Image;
        }),
      );
      views.push(await timeMs(async () => (await fetch(`${server.url}${image!.url}`)).arrayBuffer()));
    }
    return { upload: median(uploads), firstView: median(views) };
  } finally {
    await server.stop();
  }
}

/** A child process puts a folder holding a 500 MB original into the bucket and reports its RSS growth. */
async function putMemory(bucket: TestBucket): Promise<{ growthMb: number; seconds: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-s3-put-"));
  const original = path.join(dir, "original");
  const chunk = crypto.randomBytes(MB);
  const out = fs.openSync(original, "w");
  for (let i = 0; i < 500; i++) fs.writeSync(out, chunk);
  fs.closeSync(out);
  const child = spawn(path.join("node_modules/.bin/tsx"), ["scripts/bench/s3-put-child.ts"], {
    env: { ...process.env, BENCH_S3_SETTINGS: JSON.stringify(bucket.settings), BENCH_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const { code, stdout, output } = await untilExit(child, "the S3 put bench", 300_000);
    if (code !== 0) throw new Error(`s3 bench: the put failed:\n${output}`);
    const { growth, seconds } = JSON.parse(stdout.trim().split("\n").at(-1)!) as { growth: number; seconds: number };
    return { growthMb: growth / MB, seconds };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchS3(): Promise<Row[]> {
  const bucket = await startTestBucket();
  try {
    const disk = await latencies({});
    const s3 = await latencies(bucket.env);
    const put = await putMemory(bucket);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    return [
      {
        figure: `upload of a 3000×2000 JPEG, answer time (median of ${PHOTOS}): S3 (s3rver) vs disk`,
        target: "S3 ≤ 1.5× disk",
        measured: `S3 ${ms(s3.upload)}, disk ${ms(disk.upload)}`,
        ratio: (s3.upload / disk.upload).toFixed(2),
      },
      {
        figure: `first view of a photo (w1280.webp, not yet in memory; median of ${PHOTOS}): S3 vs disk`,
        target: "S3 ≤ 50 ms",
        measured: `S3 ${ms(s3.firstView)}, disk ${ms(disk.firstView)}`,
        ratio: (s3.firstView / 50).toFixed(2),
      },
      {
        figure: `RSS growth while a 500 MB original goes into the bucket (multipart, ${put.seconds.toFixed(1)} s)`,
        target: "≤ 64 MB",
        measured: `${put.growthMb.toFixed(1)} MB`,
        ratio: (put.growthMb / 64).toFixed(2),
      },
    ];
  } finally {
    await bucket.close();
  }
}
