/**
 * Photos in an S3-compatible bucket (AWS S3, R2, B2, MinIO, Garage):
 *   <prefix>media/<key>/w<width>.<webp|avif>   variants, public-ready (type, immutable caching)
 *   <prefix>originals/<key>                     the private original
 * Variants and originals sit under separate prefixes so that `media/` alone
 * can be made public (MEDIA_BASE_URL) while the originals stay private.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import pLimit from "p-limit";
import { HttpError } from "~/server/core/http-error.server";
import {
  ORIGINAL_FILE,
  STORAGE_KEY_PATTERN,
  STORE_UNREACHABLE_MESSAGE,
  variantType,
  type PhotoStore,
} from "./photo-store.server";
import type { S3Settings } from "~/server/core/storage-config.server";
import { bucketDescription } from "./s3-on-demand.server";

const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Multipart parts (5 MB is S3's smallest): about PART_SIZE × PART_QUEUE bytes of one original are in memory at once. */
const PART_SIZE = 5 * 1024 * 1024;
const PART_QUEUE = 2;
/** Files of one photo stored at once. */
const PARALLEL_FILES = 4;

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: streamed bodies otherwise go out in
    // the aws-chunked framing, which several S3-compatible servers store as the content.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bucket that is down must answer a visitor (503) in seconds, not minutes.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, socketTimeout: 30_000 },
  });
}

/**
 * Runs `task` over `items`, PARALLEL_FILES at a time. After a failure no
 * further item starts, and the failure is thrown once the running ones have
 * ended: nothing of this call still writes to the bucket when its caller
 * cleans up.
 */
async function eachFile<T>(items: T[], task: (item: T) => Promise<unknown>): Promise<void> {
  const limit = pLimit({ concurrency: PARALLEL_FILES, rejectOnClear: true });
  const outcomes = await Promise.allSettled(
    items.map((item) =>
      limit(async () => {
        try {
          await task(item);
        } catch (error) {
          limit.clearQueue();
          throw error;
        }
      }),
    ),
  );
  // Items start in order: the first failure is a real one, the items it stopped come after it.
  const failure = outcomes.find((outcome) => outcome.status === "rejected");
  if (failure) throw failure.reason;
}

export function createS3Store(settings: S3Settings): PhotoStore {
  const client = createS3Client(settings);
  const { bucket, prefix } = settings;
  const description = bucketDescription(settings);

  const checkedKey = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };
  const mediaPrefix = (key: string) => `${prefix}media/${checkedKey(key)}/`;
  const objectKey = (key: string, file: string) =>
    file === ORIGINAL_FILE ? `${prefix}originals/${checkedKey(key)}` : `${mediaPrefix(key)}${path.basename(file)}`;

  /** Turns a failed call into the answer a visitor gets: the bucket is out of reach. */
  const unreachable = (error: unknown): HttpError => {
    if (error instanceof HttpError) return error;
    console.error(`Photo storage: ${description} failed: ${(error as Error).message}`);
    return new HttpError(503, STORE_UNREACHABLE_MESSAGE, undefined, {
      "Retry-After": "10",
    });
  };
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw unreachable(error);
    }
  };

  /** Every object key under `keyPrefix`. No delimiter: some S3-compatible servers list nested prefixes wrongly with one. */
  async function list(keyPrefix: string): Promise<string[]> {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async function putFile(key: string, file: string, source: string): Promise<void> {
    const type = variantType(file);
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: objectKey(key, file),
        Body: fs.createReadStream(source),
        ContentType: type ?? "application/octet-stream",
        ...(type ? { CacheControl: MEDIA_CACHE_CONTROL } : {}),
      },
      partSize: PART_SIZE,
      queueSize: PART_QUEUE,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  return {
    description,

    async put(key, dir) {
      checkedKey(key);
      const files = await fsp.readdir(dir);
      await call(() => eachFile(files, (file) => putFile(key, file, path.join(dir, file))));
    },

    async get(key, file) {
      const Key = objectKey(key, file);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        const body = object.Body as Readable;
        return {
          size: object.ContentLength ?? 0,
          lastModified: object.LastModified ?? new Date(0),
          stream: () => body,
          discard: () => body.destroy(),
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw unreachable(error);
      }
    },

    async remove(key) {
      checkedKey(key);
      await call(async () => {
        const objects = [...(await list(mediaPrefix(key))), objectKey(key, ORIGINAL_FILE)];
        // One call per object: DeleteObjects is missing or limited on several S3-compatible servers.
        await eachFile(objects, async (Key) => {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
        });
      });
    },

    async files(key) {
      checkedKey(key);
      return call(async () => {
        const variants = (await list(mediaPrefix(key))).map((objectName) => objectName.slice(mediaPrefix(key).length));
        const original = await client
          .send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key, ORIGINAL_FILE) }))
          .then(
            () => [ORIGINAL_FILE],
            (error: unknown) => {
              if (isNotFound(error)) return [];
              throw error;
            },
          );
        return [...original, ...variants];
      });
    },

    async keys() {
      return call(async () => {
        const keys = new Set<string>();
        for (const folder of ["media/", "originals/"]) {
          for (const objectName of await list(`${prefix}${folder}`)) {
            const key = objectName.slice(prefix.length + folder.length).split("/")[0]!;
            if (STORAGE_KEY_PATTERN.test(key)) keys.add(key);
          }
        }
        return keys;
      });
    },

    async probe() {
      const Key = `${prefix}.probe-${crypto.randomBytes(6).toString("hex")}`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: "ok" }));
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    },

    async check() {
      // A listing of a folder no storage key can name: one request, nothing listed, and a missing
      // bucket or refused credentials fail it as they fail every listing.
      await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}media/healthz/` }));
    },
  };
}
