// /healthz is anonymous and unthrottled: it must only read. On the disk no file
// appears or goes under the uploads folder, however often it is called; with a
// bucket, no PUT or DELETE reaches it (the start's write check is the only one).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forward } from "../support/forward";
import { startTestBucket, type TestBucket } from "../support/s3";
import { startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";

const CALLS = 50;

async function callHealthz(server: TestServer, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${server.url}/healthz`);
    expect(await response.json()).toMatchObject({ status: "ok", database: true, storage: true });
  }
}

describe("/healthz with photos on the disk", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it(`creates and removes no file under UPLOADS_DIR in ${CALLS} calls`, async () => {
    const folders = [server.uploadsDir, path.join(server.uploadsDir, "tmp"), path.join(server.uploadsDir, "images")];
    const seen: string[] = [];
    const watchers = folders.map((folder) =>
      fs.watch(folder, (event, name) => seen.push(`${path.relative(server.uploadsDir, folder)}/${name} ${event}`)),
    );
    try {
      await callHealthz(server, CALLS);
      // inotify keeps each folder's events in order: once a file of our own shows
      // in every folder, whatever the calls did there has been seen before it.
      const marks = folders.map((folder) => path.join(folder, "test-mark"));
      for (const mark of marks) fs.writeFileSync(mark, "");
      await waitUntil(
        () =>
          folders.every((folder) =>
            seen.some((line) => line.startsWith(`${path.relative(server.uploadsDir, folder)}/test-mark`)),
          ),
        "the marks' events",
      );
      for (const mark of marks) fs.rmSync(mark);
      const before = seen.findIndex((line) => line.includes("test-mark"));
      expect(seen.slice(0, before)).toEqual([]);
    } finally {
      for (const watcher of watchers) watcher.close();
    }
  });
});

/** A pass-through proxy in front of the bucket that notes each request's method and path; headers go on as sent, so signatures hold. */
async function recordingProxy(
  target: string,
): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const requests: string[] = [];
  const proxy = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    forward(request, response, upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

describe("/healthz with photos in a bucket", () => {
  let bucket: TestBucket;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let server: TestServer;

  beforeAll(async () => {
    bucket = await startTestBucket();
    proxy = await recordingProxy(bucket.env.S3_ENDPOINT!);
    server = await startServer({ env: { ...bucket.env, S3_ENDPOINT: proxy.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await bucket?.close();
  });

  it(`sends the bucket no PUT or DELETE in ${CALLS} calls, and reads it once in a few seconds, not at each call`, async () => {
    const atStart = proxy.requests.length;
    expect(atStart, "the start checks it can write").toBeGreaterThan(0);
    await callHealthz(server, CALLS);
    const byHealthz = proxy.requests.slice(atStart);
    expect(byHealthz.filter((request) => !/^(GET|HEAD) /.test(request))).toEqual([]);
    expect(byHealthz.length, "the bucket is asked").toBeGreaterThan(0);
    // One read per five seconds: the calls would have to take half a minute to need ten.
    expect(byHealthz.length).toBeLessThan(CALLS / 5);
  });

  it("still tells when the bucket is out of reach, and when it is back", async (context) => {
    if (!bucket.controllable) context.skip();
    await bucket.down();
    try {
      // Within the few seconds an answer of the bucket is kept.
      await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 15_000 }).toBe(503);
      const down = await fetch(`${server.url}/healthz`);
      expect(await down.json()).toMatchObject({ status: "unavailable", database: true, storage: false });
    } finally {
      await bucket.up();
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
