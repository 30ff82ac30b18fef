// Run by bench/s3.ts in a process of its own, so that only the upload's memory is
// measured: puts BENCH_DIR (a 500 MB original) into the bucket and prints its RSS growth.
import fs from "node:fs";
import { createS3Store } from "~/server/storage/s3-store.server";
import type { S3Settings } from "~/server/core/storage-config.server";

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))![1]) * 1024;

const store = createS3Store(JSON.parse(process.env.BENCH_S3_SETTINGS!) as S3Settings);
await store.probe();
const baseline = rss();
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
const started = performance.now();
await store.put("a".repeat(32), process.env.BENCH_DIR!);
clearInterval(sampler);
console.log(JSON.stringify({ growth: peak - baseline, seconds: (performance.now() - started) / 1000 }));
