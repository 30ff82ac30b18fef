// Credentials in settings stay out of files and logs: an SFTP replica's password
// reaches Litestream through its environment only (litestream.yml names the
// variable), and every message that shows a URL shows `user:***@`. A setting
// refused at start never echoes a password either.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { startTestBucket, type TestBucket } from "../support/s3";
import { copyTemplateSite, ROOT, runToExit, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";

const LITESTREAM = path.join(ROOT, "node_modules/@flydotio/litestream-linux-x64/litestream");
/** Characters that would break a YAML line or a shell's expansion if the password were pasted into the file. */
const PASSWORD = `Pa"ss\\w$rd#: x@y`;
const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-secrets-"));

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function freshDirs(name: string) {
  return { dataDir: path.join(base, name, "data"), uploadsDir: path.join(base, name, "uploads") };
}

/** An SFTP replica on a loopback port nothing listens on: Litestream's connection is refused. */
async function sftpReplica(): Promise<{ url: string; redacted: string }> {
  const host = `127.0.0.1:${await freePort()}`;
  return {
    url: `sftp://backup:${encodeURIComponent(PASSWORD)}@${host}/replica`,
    redacted: `sftp://backup:***@${host}/replica`,
  };
}

function expectNoPassword(text: string): void {
  for (const form of [PASSWORD, encodeURIComponent(PASSWORD), 'Pa"ss', "Pa%22ss"]) expect(text).not.toContain(form);
}

describe.skipIf(!fs.existsSync(LITESTREAM))("an SFTP replica URL with a password", () => {
  let server: TestServer | undefined;
  afterAll(() => server?.stop());

  it("is not in litestream.yml nor in the error of a start whose restore fails", async () => {
    const dirs = freshDirs("restore");
    const replica = await sftpReplica();
    const exited = await runToExit({ dirs, env: { LITESTREAM_REPLICA_URL: replica.url } });

    expect(exited.code).not.toBe(0);
    expectNoPassword(exited.output);
    // The reason is Litestream's: it read its config (the password included) and then could not connect.
    expect(exited.output).toContain(`Cannot restore the database from ${replica.redacted}: `);
    expect(exited.output).toMatch(/connection refused/);
    const yaml = fs.readFileSync(path.join(dirs.dataDir, "litestream.yml"), "utf8");
    expectNoPassword(yaml);
    expect(yaml).toContain(`url: "sftp://backup@${new URL(replica.url).host}/replica"`);
    expect(yaml).toContain("password: ${PORTFOLIO_REPLICA_PASSWORD}");
  });

  it("is not in the log of a server that replicates to it", async () => {
    const dirs = freshDirs("replicate");
    // A site with a database (the template's), so the start replicates rather than restores.
    copyTemplateSite(dirs);
    const replica = await sftpReplica();
    server = await startServer({ dirs, env: { LITESTREAM_REPLICA_URL: replica.url } });
    expect(server.output()).toContain(`Replicating the database to ${replica.redacted} with Litestream.`);
    // Litestream logs each failed sync to the server's output.
    await waitUntil(() => /connection refused/.test(server!.output()), "Litestream's failed connection");
    expectNoPassword(server.output());
    expectNoPassword(fs.readFileSync(path.join(dirs.dataDir, "litestream.yml"), "utf8"));
  });
});

describe("settings refused at start", () => {
  it.each([
    ["LITESTREAM_REPLICA_URL", { LITESTREAM_REPLICA_URL: `sftp://backup:${encodeURIComponent(PASSWORD)}@/replica` }],
    [
      "S3_ENDPOINT",
      {
        STORAGE: "s3",
        S3_BUCKET: "photos",
        S3_ENDPOINT: `https://key:${encodeURIComponent(PASSWORD)}@s3.example.com`,
      },
    ],
    ["PUBLIC_URL", { PUBLIC_URL: `https://owner:${encodeURIComponent(PASSWORD)}@photos.example.com` }],
  ])("%s: the message shows no password", async (name, env) => {
    const exited = await runToExit({ dirs: freshDirs(`refused-${name}`), env });
    expect(exited.code).not.toBe(0);
    expect(exited.output).toContain(name);
    expect(exited.output).toContain(":***@");
    expectNoPassword(exited.output);
  });
});

describe("S3 credentials", () => {
  let bucket: TestBucket | undefined;
  afterAll(() => bucket?.close());
  const secret = "wrong/Secret+Key-0123456789abcdefghij";

  it.each([
    // s3rver takes any secret, so the refusal is of a bucket that does not exist.
    ["the S3 server refuses the request", "refused", async () => (bucket = await startTestBucket()).env.S3_ENDPOINT!],
    ["the S3 server cannot be reached", "unreachable", async () => `http://127.0.0.1:${await freePort()}`],
  ])("are not in the error of a start where %s", async (_, name, endpoint) => {
    const exited = await runToExit({
      dirs: freshDirs(`s3-${name}`),
      env: {
        STORAGE: "s3",
        S3_BUCKET: "no-such-bucket",
        S3_ENDPOINT: await endpoint(),
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: secret,
      },
    });
    expect(exited.code).not.toBe(0);
    expect(exited.output).toContain("Cannot store photos in the S3 bucket no-such-bucket");
    expect(exited.output).not.toContain(secret);
  });
});
