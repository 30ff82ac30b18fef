/**
 * The S3 store with the AWS SDK loaded at its first call (issue 32): a site on
 * the local disk never loads the SDK, which took about half a second of every
 * start. With STORAGE=s3 the start's storage probe (ops/startup) loads it
 * before the server listens, so no visitor's request waits for it.
 */
import type { S3Settings } from "~/server/core/storage-config.server";
import type { PhotoStore } from "./photo-store.server";

/** Names the bucket in messages: "the S3 bucket photos at https://…". */
export function bucketDescription(settings: S3Settings): string {
  return `the S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;
}

export function s3StoreOnDemand(settings: S3Settings): PhotoStore {
  let loading: Promise<PhotoStore> | undefined;
  const store = () => (loading ??= import("./s3-store.server").then(({ createS3Store }) => createS3Store(settings)));
  return {
    description: bucketDescription(settings),
    put: async (key, dir) => (await store()).put(key, dir),
    get: async (key, file) => (await store()).get(key, file),
    remove: async (key) => (await store()).remove(key),
    files: async (key) => (await store()).files(key),
    keys: async () => (await store()).keys(),
    probe: async () => (await store()).probe(),
    check: async () => (await store()).check(),
  };
}
