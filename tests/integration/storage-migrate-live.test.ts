// `npm run storage:migrate` run again once the site is on the target store
// already, beside the running server: it must not remove what the site
// stored while it ran, whether the photo was finished by then (its row is
// newer than the list the run started from) or still being stored (only its
// journal entry names it). The migration is held on its first request to the
// bucket, or an upload on its original's PUT, by a proxy in front of the bucket.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allImages, makeJpeg, uploadImage } from "../support/images";
import { queryDb, variantUrls } from "../support/inspect";
import { holdNextOriginal, startHoldingProxy, type HoldingProxy } from "../support/holding-proxy";
import { startTestBucket, type TestBucket } from "../support/s3";
import { runScript } from "../support/scripts";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-migrate-live-"));
const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
let bucket: TestBucket;
let proxy: HoldingProxy;
let env: Record<string, string>;
let server: TestServer;
let token: string;
let seed = 1500;

const upload = async (name: string) =>
  uploadImage(server.url, token, { data: await makeJpeg(700, 500, seed++), filename: `${name}.jpg` });
const migrateAgain = () => runScript("storage-migrate", ["--to", "s3"], env);

beforeAll(async () => {
  bucket = await startTestBucket();
  proxy = await startHoldingProxy(bucket.env.S3_ENDPOINT!);
  env = { ...bucket.env, S3_ENDPOINT: proxy.url, DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir };
  // The site runs on the bucket: the migration to it was done and STORAGE switched.
  server = await startServer({ dirs, env });
  ({ token } = await loginAdmin(server.url));
  for (const name of ["one", "two"]) expect((await upload(name)).status).toBe(201);
});

afterAll(async () => {
  await server?.kill();
  await proxy?.close();
  await bucket?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

/** Every photo the site lists is served (each variant 200) and has its original in the bucket. */
async function expectEveryPhotoKept(count: number): Promise<void> {
  const images = await allImages(server.url);
  expect(images).toHaveLength(count);
  for (const image of images) {
    for (const variant of variantUrls(image))
      expect((await fetch(`${server.url}${variant}`)).status, variant).toBe(200);
  }
  const objects = await bucket.objects();
  for (const { key } of queryDb<{ key: string }>(dirs.dataDir, "SELECT storage_key AS key FROM images")) {
    expect(objects).toContain(`originals/${key}`);
  }
}

// A migration run again while the server keeps storing: each run starts from the photos the one before left. Not
// to be shuffled.
describe("storage:migrate beside a running server", { shuffle: false }, () => {
  it("keeps a photo uploaded while it runs", async () => {
    // Held on its first listing, once it has read the rows it copies.
    proxy.holdNext((request) => request.method === "GET" && (request.url ?? "").includes("list-type=2"));
    const migrating = migrateAgain();
    await waitUntil(() => proxy.held() !== undefined, "the migration is under way");
    expect((await upload("during")).status).toBe(201);
    proxy.release();

    const migrated = await migrating;
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.stdout).toMatch(/^Copied 0 photos to the S3 bucket .*; 2 were there already\. Set STORAGE=s3/m);
    await expectEveryPhotoKept(3);
  });

  it("keeps a photo the server is still storing when it lists the bucket", async () => {
    const storing = upload("storing");
    await holdNextOriginal(proxy, bucket);

    const migrated = await migrateAgain();
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.stdout).not.toContain("removed");
    proxy.release();
    expect((await storing).status).toBe(201);
    await expectEveryPhotoKept(4);
  });
});
