// One suite, both stores: the disk (a temp UPLOADS_DIR) and S3 (s3rver started
// here, or S3_TEST_ENDPOINT). What the site relies on from a store, through
// the same calls the site makes.
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStore } from "~/server/storage/local-store.server";
import { newStorageKey, type PhotoStore } from "~/server/storage/photo-store.server";
import { createS3Client, createS3Store } from "~/server/storage/s3-store.server";
import { startTestBucket, type TestBucket } from "../support/s3";

const MB = 1024 * 1024;

interface Backend {
  store: PhotoStore;
  bucket?: TestBucket;
  /** The raw names the store wrote for `key` (file names on disk, object keys in the bucket). */
  rawNames(key: string): Promise<string[]>;
  close(): Promise<void>;
}

async function diskBackend(): Promise<Backend> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-disk-"));
  return {
    store: createLocalStore(uploadsDir),
    rawNames: async (key) => {
      const dir = path.join(uploadsDir, "images", key);
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => `images/${key}/${file}`) : [];
    },
    close: async () => fs.rmSync(uploadsDir, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const bucket: TestBucket = await startTestBucket();
  return {
    store: createS3Store(bucket.settings),
    bucket,
    rawNames: async (key) => (await bucket.objects()).filter((name) => name.includes(key)),
    close: () => bucket.close(),
  };
}

/** A folder as the upload path prepares it: the original and some variants. */
function preparedFolder(files: Record<string, Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-prepared-"));
  for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), data);
  return dir;
}

const sha = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

describe.each([
  ["disk", diskBackend],
  ["S3", s3Backend],
])("the %s store", (name, open) => {
  let backend: Backend;
  let store: PhotoStore;
  const photo = {
    original: crypto.randomBytes(200 * 1024),
    "w320.webp": crypto.randomBytes(10 * 1024),
    "w320.avif": crypto.randomBytes(8 * 1024),
    "w640.webp": crypto.randomBytes(30 * 1024),
  };

  beforeAll(async () => {
    backend = await open();
    store = backend.store;
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("takes a probe write", async () => {
    await expect(store.probe()).resolves.toBeUndefined();
  });

  it("stores every file of a prepared folder and gives each back byte for byte, with its size", async () => {
    const key = newStorageKey();
    await store.put(key, preparedFolder(photo));
    expect((await store.files(key)).sort()).toEqual(Object.keys(photo).sort());
    for (const [file, data] of Object.entries(photo)) {
      const stored = await store.get(key, file);
      expect(stored, file).toBeDefined();
      expect(stored!.size, file).toBe(data.length);
      expect(stored!.lastModified.getTime(), file).toBeGreaterThan(Date.parse("2020-01-01"));
      expect(sha(await buffer(stored!.stream())), file).toBe(sha(data));
    }
    expect(await store.keys()).toContain(key);
  });

  it("answers undefined for a missing file or key, and a discarded file can be opened again", async () => {
    const key = newStorageKey();
    await store.put(key, preparedFolder({ original: Buffer.from("o"), "w320.webp": Buffer.from("v") }));
    expect(await store.get(key, "w640.webp")).toBeUndefined();
    expect(await store.get(newStorageKey(), "w320.webp")).toBeUndefined();
    expect(await store.files(newStorageKey())).toEqual([]);
    const opened = await store.get(key, "w320.webp");
    opened!.discard();
    expect((await buffer((await store.get(key, "w320.webp"))!.stream())).toString()).toBe("v");
  });

  it("removes every file of a key, and removing again or removing nothing is no error", async () => {
    const key = newStorageKey();
    const other = newStorageKey();
    await store.put(key, preparedFolder(photo));
    await store.put(other, preparedFolder({ original: Buffer.from("keep") }));
    await store.remove(key);
    expect(await store.files(key)).toEqual([]);
    expect(await backend.rawNames(key)).toEqual([]);
    expect(await store.get(key, "original")).toBeUndefined();
    expect(await store.keys()).not.toContain(key);
    await store.remove(key);
    await store.remove(newStorageKey());
    expect(await store.files(other)).toEqual(["original"]);
  });

  it("replaces what an interrupted copy left under the same key", async () => {
    const key = newStorageKey();
    await store.put(key, preparedFolder({ "w320.webp": Buffer.from("half") }));
    await store.put(key, preparedFolder(photo));
    expect((await store.files(key)).sort()).toEqual(Object.keys(photo).sort());
    expect(sha(await buffer((await store.get(key, "w320.webp"))!.stream()))).toBe(sha(photo["w320.webp"]));
  });

  it("stores a large original whole (multipart on S3) and reads it back as a stream", async () => {
    const key = newStorageKey();
    const large = crypto.randomBytes(20 * MB);
    await store.put(key, preparedFolder({ original: large }));
    const stored = await store.get(key, "original");
    expect(stored!.size).toBe(large.length);
    expect(sha(await buffer(stored!.stream()))).toBe(sha(large));
    await store.remove(key);
  });

  it("refuses a storage key that is not one of its own (no path tricks)", async () => {
    const dir = preparedFolder({ original: Buffer.from("x") });
    await expect(store.put("../escape", dir)).rejects.toThrow(/Invalid storage key/);
    await expect(store.get("../../etc", "passwd")).rejects.toThrow(/Invalid storage key/);
    await expect(store.remove("..")).rejects.toThrow(/Invalid storage key/);
  });

  if (name === "S3") {
    it("keeps originals under originals/ and variants under media/, typed and immutable for a public bucket", async () => {
      const key = newStorageKey();
      await store.put(key, preparedFolder(photo));
      expect(await backend.rawNames(key)).toEqual(
        [`media/${key}/w320.avif`, `media/${key}/w320.webp`, `media/${key}/w640.webp`, `originals/${key}`].sort(),
      );
      const { settings } = backend.bucket!;
      const client = createS3Client(settings);
      const head = (objectKey: string) =>
        client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${objectKey}` }));
      const avif = await head(`media/${key}/w320.avif`);
      expect([avif.ContentType, avif.CacheControl]).toEqual(["image/avif", "public, max-age=31536000, immutable"]);
      const original = await head(`originals/${key}`);
      expect([original.ContentType, original.CacheControl]).toEqual(["application/octet-stream", undefined]);
      client.destroy();
    });
  }
});
