// Crashes and shutdowns in the middle of writes: after a restart the database
// is sound, every row has its files, and nothing is left behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeJpeg, uploadImage, withComment } from "../support/images";
import { seedPhotos } from "../support/seed";
import { copyTemplateSite, loginAdmin, startServer, type TestServer } from "../support/server";
import { entries, expectSoundStorage, inspectStorage, waitUntil, type Dirs } from "../support/storage-check";
import { slowUpload } from "../support/uploads-in-flight";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-faults-"));
const dirs: Dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
const tmpDir = path.join(dirs.uploadsDir, "tmp");
const imagesDir = path.join(dirs.uploadsDir, "images");

/** Ids a client saw created (201) and not deleted since: they must survive any crash. */
const acknowledged = new Set<number>();
/** Ids a client saw deleted (204): they must never come back. */
const deleted = new Set<number>();

let seed = 0;
/**
 * A distinct 800 × 600 JPEG: the subject here is a kill, a shutdown or a sweep, not the photo's size. Its ten
 * variants (five widths, WebP and AVIF) take a few hundred milliseconds to write at the least, long enough for the
 * 2 ms polls below to catch each stage; the camera-sized photos used before cost the server about four times the CPU
 * each and proved nothing more. One is drawn, and each call returns it under a comment of its own, as the server
 * refuses a file it already holds.
 */
let smallPhoto: Promise<Buffer> | undefined;
async function photo(): Promise<Buffer> {
  // Its own comment, read before the await: calls made together would otherwise all take the last one's.
  const comment = `photo ${++seed}`;
  smallPhoto ??= makeJpeg(800, 600, 1);
  return withComment(await smallPhoto, comment);
}

type Outcome = { status: number; id?: number } | { error: string };

function upload(server: TestServer, token: string, data: Buffer): Promise<Outcome> {
  return uploadImage(server.url, token, { data, filename: `photo-${seed}.jpg` }).then(
    async (response) => {
      const body = (await response.json().catch(() => ({}))) as { id?: number };
      if (response.status === 201 && body.id) acknowledged.add(body.id);
      return { status: response.status, id: body.id };
    },
    (error: Error) => ({ error: error.message }),
  );
}

function remove(server: TestServer, token: string, id: number): Promise<Outcome> {
  // Until it is answered, a delete may or may not have happened.
  acknowledged.delete(id);
  return fetch(`${server.url}/api/image/${id}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${token}` },
  }).then(
    (response) => {
      if (response.status === 204) deleted.add(id);
      return { status: response.status };
    },
    (error: Error) => ({ error: error.message }),
  );
}

/** Every answer a client got before the crash is one the API promises: created, deleted, or a connection cut. */
function expectCleanOutcomes(outcomes: Outcome[], allowed: number[]): void {
  for (const outcome of outcomes) {
    if ("status" in outcome) expect(allowed).toContain(outcome.status);
  }
}

/**
 * The server the last test restarted and checked, which the next test kills in its turn: one start per test instead
 * of two. Whichever test runs first starts it on a copy of the template's site.
 */
let current: TestServer | undefined;
/** Every server started, so that one a failed test left running is stopped too. */
const started: TestServer[] = [];

async function start(): Promise<TestServer> {
  const server = await startServer({ dirs });
  started.push(server);
  return server;
}

/** Restarts on the same folders and checks the invariants the crash must not break; the next test's server. */
async function restartAndCheck(): Promise<TestServer> {
  const server = await start();
  current = server;
  const report = expectSoundStorage(dirs);
  for (const id of acknowledged) expect(report.ids).toContain(id);
  for (const id of deleted) expect(report.ids).not.toContain(id);
  const listed = (await (await fetch(`${server.url}/api/image?page=1`)).json()) as { images: { id: number }[] };
  expect(listed.images.map((i) => i.id).sort((a, b) => a - b)).toEqual(report.ids.slice(-24));
  return server;
}

async function startWithToken(): Promise<{ server: TestServer; token: string }> {
  if (!current) {
    if (!fs.existsSync(dirs.dataDir)) copyTemplateSite(dirs);
    current = await start();
  }
  const server = current;
  current = undefined;
  return { server, token: (await loginAdmin(server.url)).token };
}

/** Starts four uploads at once (one of them trickling its body in over 3 s). */
async function uploadsInFlight(server: TestServer, token: string): Promise<Promise<Outcome>[]> {
  const photos = await Promise.all([photo(), photo(), photo(), photo()]);
  const trickle = slowUpload(server.url, token, photos[3]!, `trickle-${seed}`, 3000);
  const trickled = trickle.done.then(async (result): Promise<Outcome> => {
    if ("error" in result) return result;
    const id = (JSON.parse(result.body) as { id?: number }).id;
    if (result.status === 201 && id) acknowledged.add(id);
    return { status: result.status, id };
  });
  return [...photos.slice(0, 3).map((data) => upload(server, token, data)), trickled];
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  fs.rmSync(base, { recursive: true, force: true });
});

describe("kill -9 in the middle of writes", () => {
  const moments: [string, (server: TestServer, outcomes: Promise<Outcome>[]) => Promise<void>][] = [
    [
      "while the bodies are still arriving",
      async () => {
        await waitUntil(() => entries(tmpDir).some((e) => e.endsWith(".upload")), "an upload is streaming to tmp/");
      },
    ],
    [
      "while the variants are being written",
      async () => {
        await waitUntil(
          () => entries(tmpDir).some((e) => !e.includes(".") && entries(path.join(tmpDir, e)).length > 0),
          "a prepared folder holds variants",
        );
      },
    ],
    [
      "as the first folder is committed",
      async () => {
        const before = entries(imagesDir).length;
        await waitUntil(() => entries(imagesDir).length > before, "a new folder appears under images/", 40_000);
      },
    ],
    [
      "after the first upload was answered",
      async (_server, outcomes) => {
        await Promise.race(outcomes);
      },
    ],
  ];

  for (const [moment, waitForMoment] of moments) {
    it(`uploads: killed ${moment}`, async () => {
      const { server, token } = await startWithToken();
      const outcomes = await uploadsInFlight(server, token);
      await waitForMoment(server, outcomes);
      await server.kill();
      expectCleanOutcomes(await Promise.all(outcomes), [201]);
      await restartAndCheck();
    });
  }

  it("sweeps what a crash left in tmp/ at the next start", async () => {
    const { server, token } = await startWithToken();
    const outcomes = await uploadsInFlight(server, token);
    await waitUntil(() => entries(tmpDir).length > 0, "tmp/ holds an upload");
    await server.kill();
    await Promise.all(outcomes);
    expect(entries(tmpDir).length).toBeGreaterThan(0);
    const restarted = await restartAndCheck();
    expect(restarted.output()).toMatch(/Removed [1-9]\d* unfinished uploads/);
  });

  for (const moment of ["right after the deletes were sent", "after the first delete was answered"]) {
    it(`deletes (with an upload in flight): killed ${moment}`, async () => {
      const { server, token } = await startWithToken();
      // Deleting is the subject here, not uploading: the photos to delete are seeded.
      const ids = await seedPhotos(
        dirs,
        Array.from({ length: 6 }, (_, n) => ({ name: `to-delete-${n}` })),
      );
      ids.forEach((id) => acknowledged.add(id));
      const inFlight = upload(server, token, await photo());
      await waitUntil(() => entries(tmpDir).length > 0, "the upload reached tmp/");
      const deletes = ids.map((id) => remove(server, token, id));
      if (moment.startsWith("after")) await Promise.race(deletes);
      await server.kill();
      expectCleanOutcomes(await Promise.all([...deletes, inFlight]), [201, 204]);
      await restartAndCheck();
    });
  }
});

describe("SIGTERM in the middle of an upload", () => {
  /** The upload streaming into tmp/, or undefined before it begins. */
  const streamingUpload = () => entries(tmpDir).find((e) => e.endsWith(".upload"));

  it("lets uploads being processed finish (201), refuses new connections, exits 0", async () => {
    const { server, token } = await startWithToken();
    const photos = [await photo(), await photo()];
    const answers = photos.map((data, i) =>
      uploadImage(server.url, token, { data, filename: `finishing-${seed}-${i}.jpg` }),
    );
    // Both requests reached the server (a stopping server accepts no new connection), and one is being processed.
    await waitUntil(
      () =>
        entries(tmpDir).filter((e) => e.endsWith(".upload")).length === 2 &&
        entries(tmpDir).some((e) => !e.includes(".") && entries(path.join(tmpDir, e)).length > 0),
      "both uploads in tmp/, a prepared folder holding variants",
    );
    const exited = server.stop();
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => "answered",
            () => "refused",
          ),
        { timeout: 20_000 },
      )
      .toBe("refused");
    const answered = await Promise.all(answers);
    expect(answered.map((response) => response.status)).toEqual([201, 201]);
    // Each answer asks its client to close the connection, so the server closes
    // as soon as they are out instead of waiting for keep-alive to time out.
    expect(answered.map((response) => response.headers.get("connection"))).toEqual(["close", "close"]);
    const ids = await Promise.all(answered.map(async (response) => ((await response.json()) as { id: number }).id));
    ids.forEach((id) => acknowledged.add(id));
    expect(await exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing requests in flight");
    await restartAndCheck();
    for (const id of ids) expect(inspectStorage(dirs).ids).toContain(id);
  });

  it("keeps reading an upload still arriving, cuts it cleanly when the grace period ends, exits 0", async () => {
    const { server, token } = await startWithToken();
    const before = inspectStorage(dirs).ids;
    // The body trickles in over 30 s, well past the 10 s grace period.
    const trickle = slowUpload(server.url, token, await photo(), "too-slow", 30_000);
    await waitUntil(() => streamingUpload() !== undefined, "the upload is streaming to tmp/");
    const file = path.join(tmpDir, streamingUpload()!);
    const exited = server.stop();
    await waitUntil(
      () => server.output().includes("SIGTERM: finishing requests in flight"),
      "the server took the signal",
    );
    const sizeAtSignal = fs.statSync(file).size;
    await waitUntil(
      () => (fs.existsSync(file) ? fs.statSync(file).size : 0) > sizeAtSignal,
      "more of the body arrived after SIGTERM",
    );
    expect(await exited).toBe(0);
    expect(trickle.sentAll()).toBe(false);
    const result = await trickle.done;
    trickle.abort();
    // The connection is cut; a response, if one got out, is a clean error and never a 201.
    if ("status" in result) expect(result.status).toBeGreaterThanOrEqual(400);
    await restartAndCheck();
    expect(inspectStorage(dirs).ids).toEqual(before);
  });
});
