// The built server with STORAGE=s3 against a real S3-protocol server (s3rver,
// or S3_TEST_ENDPOINT): uploads land in the bucket, media stream from it,
// originals stay private, deletes clean up, a link's proofs come and go, MEDIA_BASE_URL points pages at
// the bucket, and a bucket that stops answering mid-upload or mid-delete
// gives a clear 503, leaves nothing half-written, and recovers.
import crypto from "node:crypto";
import fs from "node:fs";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { STORE_ANSWER_KEPT_MS } from "~/server/ops/health.server";
import { createS3Store } from "~/server/storage/s3-store.server";
import { rawGet } from "../support/conditional";
import { makeJpeg, uploadImage } from "../support/images";
import { imageRowCount, queryDb, storageKeyOf, tmpEntries, variantUrls } from "../support/inspect";
import { externalEndpoint, startTestBucket, type TestBucket } from "../support/s3";
import { seedImages } from "../support/seed";
import { shareKit } from "../support/share-links";
import { loginAdmin, runToExit, startServer, type TestServer } from "../support/server";
import { libraryPhoto } from "../support/template";

let bucket: TestBucket;
let server: TestServer;
let token: string;
let seed = 100;

/** Small: what is checked is where the files go, not how many pixels they hold. Four variants, and an original. */
const SMALL = [480, 320] as const;
/** Eight variants: a bucket stopped on the sixth still has several stored before it (see "stopped mid-upload"). */
const EIGHT_VARIANTS = [660, 440] as const;

async function upload(expected = 201, [width, height]: readonly [number, number] = SMALL): Promise<Response> {
  const response = await uploadImage(server.url, token, {
    data: await makeJpeg(width, height, seed++),
    filename: "s3.jpg",
  });
  expect(response.status, await response.clone().text()).toBe(expected);
  return response;
}

const objectsOf = async (key: string) => (await bucket.objects()).filter((name) => name.includes(key));
const pendingKeys = () => queryDb<{ storage_key: string }>(server.dataDir, "SELECT storage_key FROM pending_objects");
const deleteImage = (id: number) =>
  fetch(`${server.url}/api/image/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });

/**
 * A WebP larger than the server keeps in memory (1 MB), `width` × `height` pixels. The server streams a variant by its
 * size and never decodes it, so a picture whose bytes are mostly an XMP packet crosses the limit as a 2560 px photo's
 * variant does, without making the pipeline encode millions of noisy pixels.
 */
function largeWebp(width: number, height: number): Promise<Buffer> {
  const packet = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${crypto.randomBytes(700_000).toString("hex")}</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`;
  return sharp({ create: { width, height, channels: 3, background: "#4a6a8a" } })
    .withXmp(packet)
    .webp()
    .toBuffer();
}

/** Every object in the bucket belongs to a row, and every row has all its objects. */
async function expectBucketMatchesRows(): Promise<void> {
  const rows = queryDb<{ storage_key: string; variant_widths: string; avif_widths: string }>(
    server.dataDir,
    "SELECT storage_key, variant_widths, avif_widths FROM images",
  );
  const proofs = queryDb<{ storage_key: string; width: number }>(
    server.dataDir,
    "SELECT storage_key, width FROM proof_variants",
  );
  const expected = [
    ...rows.flatMap((row) => [
      `originals/${row.storage_key}`,
      ...(JSON.parse(row.variant_widths) as number[]).map((w) => `media/${row.storage_key}/w${w}.webp`),
      ...(JSON.parse(row.avif_widths) as number[]).map((w) => `media/${row.storage_key}/w${w}.avif`),
    ]),
    // A share link's watermarked proofs (record 088): one WebP under a key of its own.
    ...proofs.map((proof) => `media/${proof.storage_key}/w${proof.width}.webp`),
  ];
  // The sample project cards' media (`project-` keys) have rows of their own.
  const photoObjects = (await bucket.objects()).filter((key) => !key.includes("/project-"));
  expect(photoObjects).toEqual(expected.sort());
}

beforeAll(async () => {
  bucket = await startTestBucket();
  server = await startServer({ env: bucket.env });
  token = (await loginAdmin(server.url)).token;
});

afterAll(async () => {
  await server?.stop();
  await bucket?.close();
});

// MEDIA_BASE_URL serves the photo the STORAGE=s3 steps left in the bucket: in order.
describe("one bucket", { shuffle: false }, () => {
  // A photo's life in order: stored, served, streamed, deleted. Not to be shuffled.
  describe("STORAGE=s3", { shuffle: false }, () => {
    let image: Image;

    it("stores an upload's original and variants in the bucket, none on the disk", async () => {
      image = (await (await upload()).json()) as Image;
      const key = storageKeyOf(image);
      const objects = await objectsOf(key);
      expect(objects).toContain(`originals/${key}`);
      expect(objects.filter((name) => name.startsWith(`media/${key}/`)).length).toBe(variantUrls(image).length);
      expect(fs.existsSync(`${server.uploadsDir}/images/${key}`)).toBe(false);
      expect(tmpEntries(server.uploadsDir)).toEqual([]);
      expect(pendingKeys()).toEqual([]);
      await expectBucketMatchesRows();
    });

    it("serves the variants through /media with the same headers, and never the original", async () => {
      for (const url of variantUrls(image)) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("content-type")).toBe(url.endsWith(".avif") ? "image/avif" : "image/webp");
        expect(Number(response.headers.get("content-length"))).toBe((await response.arrayBuffer()).byteLength);
      }
      const key = storageKeyOf(image);
      for (const url of [`/media/${key}/original`, `/media/${key}/../originals/${key}`, `/originals/${key}`]) {
        expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
      }
    });

    it("streams a variant too large to keep in memory from the bucket; HEAD and 304 leave it unread", async () => {
      // A photo of the pipeline's, seeded into the bucket, its largest variant too large for memory.
      const { row } = libraryPhoto("wide");
      const file = `w${row.variantWidths.at(-1)}.webp`;
      const [large] = (await seedImages(
        server,
        token,
        [{ name: "Large", photo: "wide", files: { [file]: await largeWebp(row.width, row.height) } }],
        createS3Store(bucket.settings),
      )) as [Image];
      const url = variantUrls(large).find((candidate) => candidate.endsWith(`/${file}`))!;
      const stored = await createS3Store(bucket.settings).get(storageKeyOf(large), file);
      const expected = await buffer(stored!.stream());
      expect(expected.length).toBeGreaterThan(1024 * 1024);
      const got = await fetch(`${server.url}${url}`);
      expect(Buffer.from(await got.arrayBuffer()).equals(expected)).toBe(true);
      // 60 opened and discarded: more than the S3 client's 50 sockets, so a leak would hang the last ones.
      for (let i = 0; i < 30; i++) {
        const head = await fetch(`${server.url}${url}`, { method: "HEAD" });
        expect([head.status, head.headers.get("content-length")]).toEqual([200, String(expected.length)]);
        const revalidated = await rawGet(`${server.url}${url}`, { "If-None-Match": got.headers.get("etag")! });
        expect(revalidated.status).toBe(304);
      }
      // Every discarded object released its connection: the site still answers from the bucket.
      expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    });

    it("keeps a watermarked link's proof in the bucket, and removes it when the link is revoked", async () => {
      const kit = shareKit(server, { token });
      const album = await kit.createAlbum("Proofs in a bucket", "proofs-in-a-bucket");
      const [photo] = (await seedImages(
        server,
        token,
        [{ name: "Bucket proof", visibility: "hidden", albumIds: [album.id] }],
        createS3Store(bucket.settings),
      )) as [Image];
      const watermark = { kind: "text", text: "© Proof", position: "centre", size: 50, opacity: 80 };
      const link = await kit.createLink(album.id, { label: "Bucket", watermark });
      const grant = await kit.openLink(link);
      const page = await (await kit.get(`/photography/albums/${album.slug}`, grant)).text();
      const proofUrl = new RegExp(`/media/${storageKeyOf(photo)}/p${link.id}-[0-9a-f]{12}-w\\d+\\.webp`).exec(page)![0];
      expect((await kit.get(proofUrl, grant)).status).toBe(200);
      const [proof] = queryDb<{ storage_key: string }>(server.dataDir, "SELECT storage_key FROM proof_variants");
      expect((await objectsOf(proof!.storage_key)).length).toBe(1);
      expect(fs.existsSync(`${server.uploadsDir}/images/${proof!.storage_key}`)).toBe(false);
      await expectBucketMatchesRows();

      const revoked = await fetch(`${server.url}/api/album/${album.id}/links/${link.id}`, {
        method: "DELETE",
        headers: kit.asOwner(),
      });
      expect(revoked.status).toBe(204);
      expect(await objectsOf(proof!.storage_key)).toEqual([]);
      await expectBucketMatchesRows();
    });

    it("deletes the row and every object", async () => {
      const doomed = (await (await upload()).json()) as Image;
      expect(await objectsOf(storageKeyOf(doomed))).not.toEqual([]);
      expect((await deleteImage(doomed.id)).status).toBe(204);
      expect(await objectsOf(storageKeyOf(doomed))).toEqual([]);
      expect((await fetch(`${server.url}${doomed.url}`)).status).toBe(404);
      await expectBucketMatchesRows();
    });

    it("reports the bucket in /healthz", async () => {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: "ok", storage: true });
    });
  });

  describe("MEDIA_BASE_URL", () => {
    it("points pages, the API, the feed and the CSP straight at the bucket's media/, never at an original", async () => {
      const { endpoint, bucket: name, prefix } = bucket.settings;
      const mediaBase = `${endpoint}/${name}/${prefix}media`;
      const direct = await startServer({ dirs: server, env: { ...bucket.env, MEDIA_BASE_URL: mediaBase } });
      try {
        const [image] = ((await (await fetch(`${direct.url}/api/image`)).json()) as { images: Image[] }).images;
        expect(image!.url.startsWith(`${mediaBase}/`)).toBe(true);
        for (const candidate of `${image!.srcset}, ${image!.avifSrcset}`.split(", ")) {
          expect(candidate.startsWith(`${mediaBase}/`), candidate).toBe(true);
        }
        // The bucket answers the URL itself, with what the site would have sent.
        const fromBucket = await fetch(image!.url);
        expect(fromBucket.status).toBe(200);
        expect(fromBucket.headers.get("content-type")).toBe("image/webp");
        const throughSite = await fetch(`${direct.url}${image!.url.slice(mediaBase.length - "/media".length)}`);
        expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(Buffer.from(await throughSite.arrayBuffer()));

        const page = await fetch(`${direct.url}/photography`);
        const html = await page.text();
        expect(html).toContain(`${mediaBase}/`);
        expect(html).not.toMatch(/src="\/media\//);
        expect(page.headers.get("content-security-policy")).toContain(
          `img-src 'self' data: blob: ${new URL(endpoint!).origin}`,
        );
        const feed = await (await fetch(`${direct.url}/photography/feed.xml`)).text();
        expect(feed).toContain(`${mediaBase}/`);
        expect(feed).not.toContain(`${direct.url}/media/`);
        for (const text of [html, feed, JSON.stringify(image)]) expect(text).not.toContain("originals");
      } finally {
        await direct.stop();
      }
    });
  });

  describe.skipIf(externalEndpoint !== undefined)("a bucket that stops answering", () => {
    afterEach(() => bucket.up());

    it("while down: uploads and deletes 503 with nothing changed, /healthz 503; back up, both work", async () => {
      const kept = (await (await upload()).json()) as Image;
      const rows = imageRowCount(server.dataDir);
      await bucket.down();
      try {
        const refused = await upload(503);
        expect((await refused.json()).message).toMatch(/photo storage cannot be reached/);
        expect(refused.headers.get("retry-after")).toBeTruthy();
        const notDeleted = await deleteImage(kept.id);
        expect(notDeleted.status).toBe(503);
        expect(imageRowCount(server.dataDir)).toBe(rows);
        expect(tmpEntries(server.uploadsDir)).toEqual([]);
        // A store that answered is trusted for a while (health.server.ts), and an earlier test asked: /healthz says
        // the bucket is gone once that has run out.
        await expect
          .poll(async () => (await fetch(`${server.url}/healthz`)).status, {
            timeout: STORE_ANSWER_KEPT_MS + 10_000,
            interval: 250,
          })
          .toBe(503);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ storage: false });
      } finally {
        await bucket.up();
      }
      await upload();
      expect((await deleteImage(kept.id)).status).toBe(204);
      await expectBucketMatchesRows();
    });

    it("stopped mid-upload: 503, no row, and the objects it stored are swept once the bucket is back", async () => {
      const rows = imageRowCount(server.dataDir);
      let puts = 0;
      // Down on the sixth object of eight: four go at a time, so at least two are in the bucket by then.
      await bucket.stopOn((request) => request.method === "PUT" && request.url!.includes("/media/") && ++puts === 6);
      const refused = await upload(503, EIGHT_VARIANTS);
      expect((await refused.json()).message).toMatch(/photo storage cannot be reached/);
      expect(imageRowCount(server.dataDir)).toBe(rows);
      expect(tmpEntries(server.uploadsDir)).toEqual([]);
      const [{ storage_key: stranded }] = pendingKeys() as [{ storage_key: string }];

      await bucket.up();
      // What reached the bucket before it stopped, there until the next store write sweeps it.
      expect((await objectsOf(stranded)).length).toBeGreaterThan(0);
      await upload();
      await expect.poll(() => objectsOf(stranded)).toEqual([]);
      await expect.poll(pendingKeys).toEqual([]);
      await expectBucketMatchesRows();
    });

    it("stopped mid-delete: 503 that says what happened, the photo gone, its objects swept once the bucket is back", async () => {
      const doomed = (await (await upload()).json()) as Image;
      const key = storageKeyOf(doomed);
      await bucket.stopOn((request) => request.method === "DELETE" && request.url!.includes(key));
      const refused = await deleteImage(doomed.id);
      expect(refused.status).toBe(503);
      expect((await refused.json()).message).toMatch(/photo is deleted.*removed once it is back/);
      expect((await fetch(`${server.url}/api/image/${doomed.id}`)).status).toBe(404);
      expect(pendingKeys()).toContainEqual({ storage_key: key });

      await bucket.up();
      await upload();
      await expect.poll(() => objectsOf(key)).toEqual([]);
      await expect.poll(pendingKeys).toEqual([]);
      await expectBucketMatchesRows();
    });

    it("killed mid-upload: no row, and the next start removes what reached the bucket", async () => {
      const rows = imageRowCount(server.dataDir);
      const killed = server;
      let puts = 0;
      // The process dies, the bucket stays: a crash, not an outage.
      await bucket.stopOn((request) => {
        if (request.method === "PUT" && request.url!.includes("/media/") && ++puts === 6) void killed.kill();
        return false;
      });
      const upload = uploadImage(killed.url, token, {
        data: await makeJpeg(...EIGHT_VARIANTS, seed++),
        filename: "crash.jpg",
      });
      await expect(upload).rejects.toThrow();
      await killed.kill();
      await bucket.stopOn(() => false);
      const [{ storage_key: stranded }] = queryDb<{ storage_key: string }>(
        killed.dataDir,
        "SELECT storage_key FROM pending_objects",
      ) as [{ storage_key: string }];
      await expect.poll(async () => (await objectsOf(stranded)).length).toBeGreaterThan(0);

      server = await startServer({ dirs: killed, env: bucket.env });
      token = (await loginAdmin(server.url)).token;
      expect(server.output()).toMatch(/Removed \d+ unfinished uploads and 1 orphan image folders\./);
      expect(imageRowCount(server.dataDir)).toBe(rows);
      expect(await objectsOf(stranded)).toEqual([]);
      expect(pendingKeys()).toEqual([]);
      await expectBucketMatchesRows();
    });

    it("a bucket that cannot be reached or does not exist stops the start with one clear line", async () => {
      /** The line server.js prints (Node 20 also gets the AWS SDK's notice that it will need Node 22 from 2027). */
      const startError = (stderr: string) => stderr.split("\n").find((line) => line.startsWith("Cannot start:"));
      const closed = await runToExit({ env: { ...bucket.env, S3_ENDPOINT: "http://127.0.0.1:9" } });
      expect(closed.code).toBe(1);
      expect(startError(closed.stderr)).toMatch(
        /^Cannot start: Cannot store photos in the S3 bucket portfolio-test at http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/,
      );
      const missing = await runToExit({ env: { ...bucket.env, S3_BUCKET: "no-such-bucket" } });
      expect(missing.code).toBe(1);
      expect(startError(missing.stderr)).toMatch(
        /^Cannot start: Cannot store photos in the S3 bucket no-such-bucket .*NoSuchBucket/,
      );
    });
  });
});
