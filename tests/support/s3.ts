import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import crypto from "node:crypto";
import fs from "node:fs";
import http, { type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createS3Client } from "~/server/storage/s3-store.server";
import type { S3Settings } from "~/server/core/storage-config.server";

/**
 * A real S3-protocol server for the tests: s3rver, on a free port, in this
 * process, with a switch to stop and start it (fault tests). With
 * S3_TEST_ENDPOINT set, the tests use that endpoint instead (a MinIO or a real
 * bucket: S3_TEST_BUCKET, S3_TEST_REGION, S3_TEST_ACCESS_KEY_ID,
 * S3_TEST_SECRET_ACCESS_KEY), each run under its own prefix; it cannot be
 * stopped, so the fault tests are skipped there.
 */
export interface TestBucket {
  settings: S3Settings;
  /** The server's environment for this bucket (STORAGE=s3 and the S3_* settings). */
  env: Record<string, string>;
  /** Whether `down`, `up` and `stopOn` work (a local s3rver). */
  controllable: boolean;
  /** Stops answering: open connections are cut, new ones refused. */
  down(): Promise<void>;
  /** Answers again, on the same port; nothing when it is up. */
  up(): Promise<void>;
  /** Goes down on the first request `matches` picks, cutting that request. */
  stopOn(matches: (request: IncomingMessage) => boolean): Promise<void>;
  /** Every object key under the settings' prefix, without the prefix. */
  objects(): Promise<string[]>;
  close(): Promise<void>;
}

export const externalEndpoint = process.env.S3_TEST_ENDPOINT?.trim() || undefined;

function externalBucket(prefix: string): TestBucket {
  const env = {
    STORAGE: "s3",
    S3_BUCKET: process.env.S3_TEST_BUCKET ?? "portfolio-test",
    S3_REGION: process.env.S3_TEST_REGION ?? "us-east-1",
    S3_ENDPOINT: externalEndpoint!,
    S3_FORCE_PATH_STYLE: process.env.S3_TEST_FORCE_PATH_STYLE ?? "true",
    S3_PREFIX: prefix,
    S3_ACCESS_KEY_ID: process.env.S3_TEST_ACCESS_KEY_ID ?? "",
    S3_SECRET_ACCESS_KEY: process.env.S3_TEST_SECRET_ACCESS_KEY ?? "",
  };
  const uncontrollable = () => Promise.reject(new Error("an external S3_TEST_ENDPOINT cannot be stopped"));
  return withListing({
    env,
    controllable: false,
    down: uncontrollable,
    up: uncontrollable,
    stopOn: uncontrollable,
    close: async () => {},
  });
}

function settingsOf(env: Record<string, string>): S3Settings {
  return {
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    prefix: env.S3_PREFIX ? `${env.S3_PREFIX.replace(/\/+$/, "")}/` : "",
    credentials: env.S3_ACCESS_KEY_ID
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! }
      : undefined,
  };
}

function withListing(bucket: Omit<TestBucket, "objects" | "settings">): TestBucket {
  const settings = settingsOf(bucket.env);
  const client = createS3Client(settings);
  return {
    ...bucket,
    settings,
    async objects() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) keys.push(object.Key!.slice(settings.prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await bucket.close();
    },
  };
}

/** A bucket for one test file: a fresh s3rver, or a fresh prefix on S3_TEST_ENDPOINT. */
export async function startTestBucket({ prefix = "" } = {}): Promise<TestBucket> {
  const runPrefix = prefix || `run-${crypto.randomBytes(4).toString("hex")}`;
  if (externalEndpoint) return externalBucket(runPrefix);

  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const name = "portfolio-test";
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const sockets = new Set<Socket>();
  let tripwire: ((request: IncomingMessage) => boolean) | undefined;
  let server: http.Server | undefined;
  let port = 0;

  const up = async () => {
    if (server) return;
    server = http.createServer((request, response) => {
      if (tripwire?.(request)) {
        tripwire = undefined;
        void down();
        return;
      }
      handle(request, response);
    });
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  };
  const down = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await up();

  const env = {
    STORAGE: "s3",
    S3_BUCKET: name,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: "true",
    S3_PREFIX: runPrefix,
    // s3rver checks signatures made with these.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  return withListing({
    env,
    controllable: true,
    down,
    up,
    async stopOn(matches) {
      tripwire = matches;
    },
    async close() {
      await down();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  });
}
