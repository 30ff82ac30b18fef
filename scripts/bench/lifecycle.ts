// How fast the server fails, refuses and stops: the timings the tests leave
// out (they check what happens, not how long it takes).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeJpeg, pixelFloodPng, uploadImage } from "../../tests/support/images";
import { loginAdmin, runToExit, startServer, type TestServer } from "../../tests/support/server";
import { slowUpload } from "../../tests/support/uploads-in-flight";
import { median, timeMs, type Row } from "./util";

const RUNS = 3;
const GRACE_S = 10;

function row(figure: string, targetMs: number, ms: number[]): Row {
  const value = median(ms);
  return {
    figure: `${figure} (median of ${ms.length})`,
    target: `≤ ${targetMs >= 1000 ? `${targetMs / 1000} s` : `${targetMs} ms`}`,
    measured: value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`,
    ratio: (value / targetMs).toFixed(2),
  };
}

/** Polls a condition a benchmark waits on before it starts the clock. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 60_000) throw new Error(`lifecycle bench: gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const entries = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

async function corruptDatabaseExit(): Promise<number> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));
  const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  fs.mkdirSync(dirs.dataDir, { recursive: true });
  fs.writeFileSync(path.join(dirs.dataDir, "portfolio.sqlite"), Buffer.alloc(64 * 1024, "not a database "));
  try {
    let code: number | null = null;
    const ms = await timeMs(async () => ({ code } = await runToExit({ dirs })));
    if (code !== 1) throw new Error(`a corrupt database should stop the start with exit 1, got ${code}`);
    return ms;
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

/** Two large uploads being processed at SIGTERM: time from the last answer to the exit. */
async function drainExit(seed: number): Promise<number> {
  const server = await startServer();
  const { token } = await loginAdmin(server.url);
  const tmp = path.join(server.uploadsDir, "tmp");
  const photos = [await makeJpeg(6000, 4000, seed), await makeJpeg(5500, 3650, seed + 1)];
  const answers = photos.map((data, i) => uploadImage(server.url, token, { data, filename: `drain-${i}.jpg` }));
  await until(
    () => entries(tmp).some((e) => !e.includes(".") && entries(path.join(tmp, e)).length > 0),
    "variants are being written",
  );
  const exited = server.stop();
  const statuses = await Promise.all(answers.map((answer) => answer.then((r) => r.status)));
  const answeredAt = performance.now();
  const code = await exited;
  const ms = performance.now() - answeredAt;
  if (code !== 0 || statuses.some((s) => s !== 201))
    throw new Error(`drain: exit ${code}, answers ${statuses.join(", ")}`);
  return ms;
}

/** An upload still trickling in at SIGTERM: time from the signal to the exit (the grace period). */
async function graceExit(seed: number): Promise<number> {
  const server = await startServer();
  const { token } = await loginAdmin(server.url);
  const tmp = path.join(server.uploadsDir, "tmp");
  const trickle = slowUpload(server.url, token, await makeJpeg(3000, 2000, seed), "trickle", 60_000);
  await until(() => entries(tmp).some((e) => e.endsWith(".upload")), "the upload streams to tmp/");
  const ms = await timeMs(() => server.stop());
  trickle.abort();
  return ms;
}

async function pixelFloodRefusal(server: TestServer, token: string): Promise<number> {
  const data = pixelFloodPng(50_000, 50_000);
  return timeMs(async () => {
    const response = await uploadImage(server.url, token, { data, filename: "flood.png" });
    await response.arrayBuffer();
    if (![413, 415].includes(response.status)) throw new Error(`pixel flood answered ${response.status}`);
  });
}

/** A 3 MB upload refused before its body was read, then the next request: the time of that next request. */
async function afterRefusal(server: TestServer, seed: number): Promise<number> {
  const big = Buffer.concat([await makeJpeg(100, 100, seed), Buffer.alloc(3 * 1024 * 1024, seed)]);
  await (await uploadImage(server.url, "wrong-token", { data: big, filename: "big.jpg" })).text();
  return timeMs(async () => (await fetch(`${server.url}/api/image?page=1`)).text());
}

export async function benchLifecycle(): Promise<Row[]> {
  const startup: number[] = [];
  const drain: number[] = [];
  const grace: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    startup.push(await corruptDatabaseExit());
    drain.push(await drainExit(100 + 2 * i));
    grace.push(await graceExit(200 + i));
  }
  const server = await startServer();
  const flood: number[] = [];
  const refused: number[] = [];
  try {
    const { token } = await loginAdmin(server.url);
    for (let i = 0; i < RUNS; i++) {
      flood.push(await pixelFloodRefusal(server, token));
      refused.push(await afterRefusal(server, 300 + i));
    }
  } finally {
    await server.stop();
  }
  return [
    row("start on a corrupt database: until it exits with its one line", 5000, startup),
    row("SIGTERM with two 20+ MP uploads being processed: last answer to exit", 1500, drain),
    row(
      `SIGTERM with an upload still arriving: signal to exit (grace period ${GRACE_S} s)`,
      (GRACE_S + 2) * 1000,
      grace,
    ),
    row("upload of a 50000 × 50000 px PNG (pixel flood): until refused", 3000, flood),
    row("the request after a refused 3 MB upload", 2000, refused),
  ];
}
