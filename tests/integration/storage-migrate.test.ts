// Moving a site between the disk and a bucket (s3rver, or S3_TEST_ENDPOINT):
// `npm run storage:migrate` both ways, run twice (idempotent), cut short and
// run again (resumable); and a backup of a bucket site restored onto the disk
// and back. The site serves the same bytes after every move.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { createS3Store } from "~/server/storage/s3-store.server";
import { allImages } from "../support/images";
import { queryDb, variantUrls } from "../support/inspect";
import { externalEndpoint, startTestBucket, type TestBucket } from "../support/s3";
import { runScript } from "../support/scripts";
import { seedPhotos } from "../support/seed";
import { copyTemplateSite, startServer } from "../support/server";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-migrate-"));
const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
let bucket: TestBucket;
/** Every variant URL's bytes as the disk site served them. */
const served = new Map<string, Buffer>();

async function fetchAll(url: string, images: Image[]): Promise<Map<string, Buffer>> {
  const bodies = new Map<string, Buffer>();
  for (const image of images) {
    for (const variant of variantUrls(image)) {
      const response = await fetch(`${url}${variant}`);
      expect(response.status, variant).toBe(200);
      bodies.set(variant, Buffer.from(await response.arrayBuffer()));
    }
  }
  return bodies;
}

/** The site on `env`'s store serves every photo, byte for byte as the disk site did. */
async function expectSameSite(env: Record<string, string>, site = dirs): Promise<void> {
  const server = await startServer({ dirs: site, env });
  try {
    const images = await allImages(server.url);
    expect(images).toHaveLength(3);
    expect(await fetchAll(server.url, images)).toEqual(served);
  } finally {
    await server.stop();
  }
}

const envDirs = (site: typeof dirs) => ({ DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir });
const migrate = (to: string, env: Record<string, string>) =>
  runScript("storage-migrate", ["--to", to], { ...envDirs(dirs), ...env });
const onDisk = (env: Record<string, string>) => ({ ...env, STORAGE: "local" });

beforeAll(async () => {
  bucket = await startTestBucket();
  copyTemplateSite(dirs);
  // Moving them is the subject, not making them: three photos of the pipeline's, 26 variants between them.
  await seedPhotos(
    dirs,
    [2, 3, 4].map((photo) => ({ name: `Moved ${photo}`, photo, realChecksum: true })),
  );
  const server = await startServer({ dirs });
  for (const [url, body] of await fetchAll(server.url, await allImages(server.url))) served.set(url, body);
  await server.stop();
});

afterAll(async () => {
  await bucket?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

// One site's photos moved to the bucket, back to the disk, then backed up and restored across stores: each step
// starts from where the one before left them. Not to be shuffled.
describe("one site between the disk and a bucket", { shuffle: false }, () => {
  describe("npm run storage:migrate", () => {
    it("copies every photo to the bucket with checked files, then finds them there on a second run", async () => {
      const first = await migrate("s3", onDisk(bucket.env));
      expect(first.code, first.output).toBe(0);
      expect(first.stdout).toMatch(
        /^Copied 3 photos to the S3 bucket portfolio-test .*, every file checked; 0 were there already/m,
      );
      expect(first.stderr).toMatch(/Copying photos \[.*\] 3\/3/);
      const keys = queryDb<{ storage_key: string }>(dirs.dataDir, "SELECT storage_key FROM images").map(
        (row) => row.storage_key,
      );
      const objects = await bucket.objects();
      for (const key of keys) expect(objects).toContain(`originals/${key}`);
      // A photo of another copy of the site, or deleted between two runs: the database does not know it.
      const stray = "f".repeat(32);
      fs.cpSync(path.join(dirs.uploadsDir, "images", keys[0]!), path.join(base, "stray"), { recursive: true });
      await createS3Store(bucket.settings).put(stray, path.join(base, "stray"));
      const again = await migrate("s3", onDisk(bucket.env));
      expect(again.stdout).toMatch(/^Copied 0 photos .*; 3 were there already; removed 1 the site no longer has\./m);
      expect((await bucket.objects()).some((name) => name.includes(stray))).toBe(false);
      await expectSameSite(bucket.env);
    });

    it("copies back to an empty disk", async () => {
      fs.rmSync(path.join(dirs.uploadsDir, "images"), { recursive: true, force: true });
      const back = await migrate("local", bucket.env);
      expect(back.code, back.output).toBe(0);
      expect(back.stdout).toMatch(/^Copied 3 photos to UPLOADS_DIR .*; 0 were there already/m);
      await expectSameSite(onDisk(bucket.env));
    });

    it.skipIf(externalEndpoint !== undefined)(
      "cut short by the bucket going away, it resumes where it stopped",
      async () => {
        const fresh = { ...bucket.env, S3_PREFIX: "resumed" };
        let puts = 0;
        await bucket.stopOn(
          (request) => request.method === "PUT" && request.url!.includes("/resumed/media/") && ++puts === 14,
        );
        const cut = await migrate("s3", onDisk(fresh));
        expect(cut.code).toBe(1);
        expect(cut.stderr).toMatch(/^Migration stopped: .*\. Run it again to resume\.$/m);
        await bucket.up();
        const resumed = await migrate("s3", onDisk(fresh));
        expect(resumed.code, resumed.output).toBe(0);
        const [, copied, present] = /Copied (\d) photos .*; (\d) were there already/.exec(resumed.stdout)!;
        expect(Number(present)).toBeGreaterThanOrEqual(1);
        expect(Number(copied) + Number(present)).toBe(3);
        await expectSameSite(fresh);
      },
    );
  });

  describe("backup and restore across stores", () => {
    it("backs up a bucket site and restores it onto a fresh disk, and a disk backup into a fresh bucket prefix", async () => {
      const fromBucket = path.join(base, "backup-of-bucket");
      const backedUp = await runScript("backup", [fromBucket], { ...envDirs(dirs), ...bucket.env });
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.stdout).toMatch(/^Backed up 3 photos/m);

      const diskSite = { dataDir: path.join(base, "restored/data"), uploadsDir: path.join(base, "restored/uploads") };
      const onFreshDisk = await runScript("restore", [fromBucket], { ...envDirs(diskSite), STORAGE: "local" });
      expect(onFreshDisk.code, onFreshDisk.output).toBe(0);
      await expectSameSite(onDisk(bucket.env), diskSite);

      const bucketSite = {
        dataDir: path.join(base, "rebucketed/data"),
        uploadsDir: path.join(base, "rebucketed/uploads"),
      };
      const intoBucket = { ...bucket.env, S3_PREFIX: "restored" };
      const restored = await runScript("restore", [fromBucket], { ...envDirs(bucketSite), ...intoBucket });
      expect(restored.code, restored.output).toBe(0);
      await expectSameSite(intoBucket, bucketSite);
    });
  });
});
