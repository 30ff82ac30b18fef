// Two processes on the same data: the server with `npm run seed`, or two
// servers (a rolling deploy). Neither may remove what the other is writing:
// an upload still arriving in tmp/, or a photo held mid-store (its original's
// PUT held by a proxy in front of the bucket) while the other process sweeps
// the storage journal. Afterwards every row's media answer 200.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { allImages, makeJpeg, uploadImage } from "../support/images";
import { queryDb, variantUrls } from "../support/inspect";
import { holdNextOriginal, startHoldingProxy, type HoldingProxy } from "../support/holding-proxy";
import { startTestBucket, type TestBucket } from "../support/s3";
import { runScript } from "../support/scripts";
import { copyTemplateSite, loginAdmin, startServer, type TestServer } from "../support/server";
import { entries, expectSoundStorage, waitUntil } from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-two-"));
const running: TestServer[] = [];
let sites = 0;
let seed = 900;

/** A small photo of its own: which process removes what is the subject, and fewer variants are fewer PUTs and GETs. */
const photo = () => makeJpeg(480, 320, seed++);

function newSite() {
  sites++;
  return { dataDir: path.join(base, `site-${sites}/data`), uploadsDir: path.join(base, `site-${sites}/uploads`) };
}

async function start(dirs: ReturnType<typeof newSite>, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer({ dirs, env });
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
});

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

/** Every photo the site lists answers 200 on each of its variant URLs; returns how many there are. */
async function expectEveryPhotoServed(url: string): Promise<number> {
  const images = await allImages(url);
  for (const image of images) {
    for (const variant of variantUrls(image)) expect((await fetch(`${url}${variant}`)).status, variant).toBe(200);
  }
  return images.length;
}

/** An upload whose body stops halfway until `sendRest`: in flight, in tmp/, for as long as the test needs. */
function uploadInTwoParts(url: string, token: string, data: Buffer) {
  const boundary = `----two${crypto.randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nheld\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="held.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const request = http.request(`${url}/api/image`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": body.length,
    },
  });
  const status = new Promise<number | string>((resolve) => {
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", (error) => resolve(error.message));
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return {
    status,
    sendRest: () => request.end(body.subarray(half)),
  };
}

describe("a second server started on the same data (rolling deploy)", () => {
  it("leaves an upload still arriving at the first server alone; it is stored and served", async () => {
    const dirs = newSite();
    // An existing site, not a first start: the two servers' starts on the same data are the subject.
    copyTemplateSite(dirs);
    const first = await start(dirs);
    const { token } = await loginAdmin(first.url);
    const tmp = path.join(dirs.uploadsDir, "tmp");
    const upload = uploadInTwoParts(first.url, token, await photo());
    await waitUntil(
      () => entries(tmp).some((entry) => entry.endsWith(".upload") && fs.statSync(path.join(tmp, entry)).size > 0),
      "the upload is arriving in tmp/",
    );

    const second = await start(dirs);
    upload.sendRest();
    expect(await upload.status).toBe(201);
    expect(await expectEveryPhotoServed(first.url)).toBe(1);
    expect(await expectEveryPhotoServed(second.url)).toBe(1);
    expectSoundStorage(dirs);
  });
});

describe("a photo held mid-store in a bucket while another process sweeps the journal", () => {
  let bucket: TestBucket | undefined;
  let proxy: HoldingProxy | undefined;

  afterEach(async () => {
    await proxy?.close();
    await bucket?.close();
  });

  /** A new site on a new bucket, reached through a proxy that can hold a request. */
  async function bucketSite() {
    bucket = await startTestBucket();
    proxy = await startHoldingProxy(bucket.env.S3_ENDPOINT!);
    const dirs = newSite();
    const env = { ...bucket.env, S3_ENDPOINT: proxy.url, DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir };
    return { dirs, env, bucket, proxy };
  }

  /** Every row has its original in the bucket, and nothing is left in the journal or in tmp/. */
  async function expectRowsStored({ dirs, bucket }: Awaited<ReturnType<typeof bucketSite>>): Promise<void> {
    const keys = queryDb<{ key: string }>(dirs.dataDir, "SELECT storage_key AS key FROM images").map((r) => r.key);
    const objects = await bucket.objects();
    for (const key of keys) expect(objects).toContain(`originals/${key}`);
    expect(queryDb(dirs.dataDir, "SELECT storage_key FROM pending_objects")).toEqual([]);
    expect(entries(path.join(dirs.uploadsDir, "tmp"))).toEqual([]);
  }

  it("npm run seed's sweep spares an upload the server is storing", async () => {
    const site = await bucketSite();
    const server = await start(site.dirs, site.env);
    const { token } = await loginAdmin(server.url);
    const upload = uploadImage(server.url, token, { data: await photo(), filename: "held.jpg" });
    await holdNextOriginal(site.proxy, site.bucket);

    const seeded = await runScript("seed", ["1", "320"], site.env);
    expect(seeded.code, seeded.output).toBe(0);
    site.proxy.release();
    expect((await upload).status).toBe(201);
    expect(await expectEveryPhotoServed(server.url)).toBe(2);
    await expectRowsStored(site);
  });

  it("a second server's start spares an upload the first one is storing", async () => {
    const site = await bucketSite();
    const first = await start(site.dirs, site.env);
    const { token } = await loginAdmin(first.url);
    const upload = uploadImage(first.url, token, { data: await photo(), filename: "held.jpg" });
    await holdNextOriginal(site.proxy, site.bucket);

    const second = await start(site.dirs, site.env);
    site.proxy.release();
    expect((await upload).status).toBe(201);
    expect(await expectEveryPhotoServed(second.url)).toBe(1);
    await expectRowsStored(site);
  });

  it("the server's sweep spares a photo npm run seed is storing", async () => {
    const site = await bucketSite();
    const server = await start(site.dirs, site.env);
    const { token } = await loginAdmin(server.url);
    const seeding = runScript("seed", ["1", "320"], site.env);
    await holdNextOriginal(site.proxy, site.bucket);

    // A stored upload makes the server sweep the journal.
    const upload = await uploadImage(server.url, token, { data: await photo(), filename: "a.jpg" });
    expect(upload.status).toBe(201);
    site.proxy.release();
    const seeded = await seeding;
    expect(seeded.code, seeded.output).toBe(0);
    expect(await expectEveryPhotoServed(server.url)).toBe(2);
    await expectRowsStored(site);
  });

  it("what a killed server was storing is still removed by the next start", async () => {
    const site = await bucketSite();
    const first = await start(site.dirs, site.env);
    const { token } = await loginAdmin(first.url);
    // Its connection is cut by the kill: no answer is expected.
    const upload = uploadImage(first.url, token, {
      data: await photo(),
      filename: "lost.jpg",
    }).catch(() => undefined);
    const key = await holdNextOriginal(site.proxy, site.bucket);
    await first.kill();
    await upload;
    site.proxy.drop();

    const restarted = await start(site.dirs, site.env);
    expect(await expectEveryPhotoServed(restarted.url)).toBe(0);
    expect((await site.bucket.objects()).filter((object) => object.includes(key))).toEqual([]);
    await expectRowsStored(site);
  });
});
