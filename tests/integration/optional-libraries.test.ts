// Optional features load their libraries only when they are configured or used
// (issue 32): a server on the local disk never loads the AWS SDK, one with
// STORAGE=s3 does; the passkey library waits for a passkey, sharp for an image to decode. What the process
// really resolved is recorded by a module hook loaded into it
// (tests/support/record-imports.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBucket, type TestBucket } from "../support/s3";
import { ROOT, startServer } from "../support/server";

const RECORDER = path.join(ROOT, "tests/support/record-imports.mjs");
const records = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-imports-"));

let bucket: TestBucket;

beforeAll(async () => {
  bucket = await startTestBucket();
});

afterAll(async () => {
  await bucket?.close();
  fs.rmSync(records, { recursive: true, force: true });
});

/**
 * Every module URL the built server resolves while it starts and answers a
 * page, the gallery, the image list and /healthz, with `env`.
 */
async function modulesResolved(env: Record<string, string>): Promise<string[]> {
  const record = path.join(records, `${env.STORAGE}.txt`);
  const server = await startServer({
    env: {
      ...env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${RECORDER}`,
      RECORD_IMPORTS_TO: record,
    },
  });
  try {
    for (const page of ["/", "/photography", "/api/image", "/healthz"]) {
      expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
    }
  } finally {
    await server.stop();
  }
  return fs.readFileSync(record, "utf8").split("\n");
}

const awsSdk = (urls: string[]) => urls.filter((url) => url.includes("/node_modules/@aws-sdk/"));

describe("the AWS SDK", () => {
  it("is never loaded by a server with STORAGE=local", async () => {
    const resolved = await modulesResolved({ STORAGE: "local" });
    // The record is real: the server's own dependencies are in it.
    expect(resolved.some((url) => url.includes("/node_modules/better-sqlite3/"))).toBe(true);
    expect(awsSdk(resolved)).toEqual([]);
    // Nor nodemailer, without SMTP_URL (record 081).
    expect(resolved.filter((url) => url.includes("/node_modules/nodemailer/"))).toEqual([]);
    // Nor the passkey library (a quarter of a second of every start), until a passkey is registered or used.
    expect(resolved.filter((url) => url.includes("/node_modules/@simplewebauthn/server/"))).toEqual([]);
    // Nor sharp, until an image is decoded: pages and stored variants need none.
    expect(resolved.filter((url) => url.includes("/node_modules/sharp/"))).toEqual([]);
  });

  it("is loaded by a server with STORAGE=s3", async () => {
    const resolved = await modulesResolved(bucket.env);
    expect(awsSdk(resolved)).toContainEqual(expect.stringContaining("/node_modules/@aws-sdk/client-s3/"));
  });
});
