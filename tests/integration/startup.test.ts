import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { queryDb, storedFolders, tmpEntries } from "../support/inspect";
import { ADMIN_USERNAME, ROOT, runToExit, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";
import { unfinishedUpload } from "../support/uploads-in-flight";

const running: TestServer[] = [];

afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
});

async function start(options: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(options);
  running.push(server);
  return server;
}

function login(url: string, password: string): Promise<Response> {
  return fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password }),
  });
}

describe("an invalid configuration stops the server at start", () => {
  // Each setting's rule and message is checked in-process (tests/unit/config.test.ts); this is the start around them.
  it.each([
    [{ PORT: "abc" }, 'Cannot start: PORT must be a whole number from 0 to 65535, got "abc"'],
    [
      { SESSION_SECRET: "too-short" },
      "Cannot start: SESSION_SECRET: every comma-separated secret must be at least 16 characters",
    ],
  ])("%o → one clear line and a non-zero exit", async (env, line) => {
    const { code, stdout, stderr } = await runToExit({ env });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stdout).toBe("");
    expect(stderr.trim()).toBe(line);
  });

  it("a DATA_DIR that cannot be a folder → one clear line and a non-zero exit", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-start-")), "a-file");
    fs.writeFileSync(file, "");
    const { code, stderr } = await runToExit({ env: { DATA_DIR: path.join(file, "data") } });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Cannot start: DATA_DIR (${path.join(file, "data")}) is not writable by this process.`);
  });
});

// One site's life: its first start, then restarts on what that start made. Not to be shuffled.
describe("a first start on empty folders, then restarts", { shuffle: false }, () => {
  let dirs: { dataDir: string; uploadsDir: string };
  let password: string;
  let image: Image;
  let token: string;
  let cookie: string;
  /** The restart the second test checks, which the third kills. */
  let restarted: TestServer;

  it("runs the migrations, generates the session secret (mode 600) and prints a generated password once", async () => {
    // The production bcrypt cost, which the hash check below asserts.
    const server = await start({ fresh: true, env: { ADMIN_PASSWORD: "", TEST_BCRYPT_COST: "" } });
    dirs = { dataDir: server.dataDir, uploadsDir: server.uploadsDir };

    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle/meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    expect(queryDb(server.dataDir, "SELECT id FROM __drizzle_migrations")).toHaveLength(journal.entries.length);
    const tables = queryDb<{ name: string }>(
      server.dataDir,
      "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY name",
    ).map((r) => r.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "images",
        "users",
        "sessions",
        "images_uploaded_at_idx",
        "images_name_idx",
        "images_size_idx",
      ]),
    );
    expect(queryDb(server.dataDir, "PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);

    const secretFile = path.join(server.dataDir, "session-secret");
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(secretFile, "utf8").trim().length).toBeGreaterThanOrEqual(32);

    const match = server.output().match(/Created the admin "admin" with the password: (\S+)/);
    expect(match).not.toBeNull();
    password = match![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(server.output().split(password)).toHaveLength(2);

    const [user] = queryDb<{ username: string; password_hash: string }>(
      server.dataDir,
      "SELECT username, password_hash FROM users",
    );
    expect(user!.username).toBe("admin");
    expect(user!.password_hash).toMatch(/^\$2[aby]\$(1[2-9]|[2-3]\d)\$/);
    expect(user!.password_hash).not.toContain(password);

    expect((await login(server.url, "test-password-123")).status).toBe(401);
    const response = await login(server.url, password);
    expect(response.status).toBe(200);
    ({ token } = (await response.json()) as { token: string });
    cookie = response.headers.get("set-cookie")!.split(";")[0]!;

    const uploaded = await uploadImage(server.url, token, { data: await makeJpeg(300, 200, 77), filename: "kept.jpg" });
    expect(uploaded.status).toBe(201);
    image = (await uploaded.json()) as Image;
    expect(await server.stop()).toBe(0);
  });

  it("does not print a password again on restart; the password, secret, sessions and images survive", async () => {
    const secret = fs.readFileSync(path.join(dirs.dataDir, "session-secret"), "utf8");
    const server = await start({ env: { ADMIN_PASSWORD: "" }, dirs });
    expect(server.output()).not.toContain("Created the admin");
    expect(server.output()).not.toContain(password);
    expect(fs.readFileSync(path.join(dirs.dataDir, "session-secret"), "utf8")).toBe(secret);
    for (const headers of [{ Authorization: `Bearer ${token}` }, { Cookie: cookie }] as Record<string, string>[]) {
      const validate = await fetch(`${server.url}/api/auth/validate`, { headers });
      expect(await validate.json()).toEqual({ valid: true });
    }
    expect((await login(server.url, password)).status).toBe(200);
    expect((await fetch(`${server.url}${image.url}`)).status).toBe(200);
    // Left running for the crash below: a start fewer (the first start and the last restart check the clean exit).
    restarted = server;
  });

  it("sweeps unfinished uploads and orphan folders left by a crash, keeping stored images", async () => {
    const server = restarted;
    // An upload in flight when the process dies: its temp file is on disk, no row exists.
    const inFlight = unfinishedUpload(server.url, token, 256 * 1024);
    await waitUntil(() => tmpEntries(dirs.uploadsDir).length > 0, "the upload reached tmp/");
    expect(tmpEntries(dirs.uploadsDir)).toHaveLength(1);
    await server.kill();
    inFlight.abort();
    await inFlight.settled;

    // And what a crash between rename and insert, or during preparation, leaves behind.
    const orphan = crypto.randomBytes(16).toString("hex");
    fs.mkdirSync(path.join(dirs.uploadsDir, "images", orphan));
    fs.writeFileSync(path.join(dirs.uploadsDir, "images", orphan, "w320.webp"), "orphan");
    fs.mkdirSync(path.join(dirs.uploadsDir, "tmp", "prepared-folder"));
    fs.writeFileSync(path.join(dirs.uploadsDir, "tmp", "prepared-folder", "w320.webp"), "half done");
    const keep = image.url.split("/")[2]!;
    expect(storedFolders(dirs.uploadsDir).sort()).toEqual([keep, orphan].sort());

    const afterCrash = await start({ env: { ADMIN_PASSWORD: "" }, dirs });
    expect(afterCrash.output()).toContain("Removed 2 unfinished uploads and 1 orphan image folders.");
    expect(tmpEntries(dirs.uploadsDir)).toEqual([]);
    expect(storedFolders(dirs.uploadsDir)).toEqual([keep]);
    expect(queryDb(dirs.dataDir, "SELECT id FROM images")).toEqual([{ id: image.id }]);
    expect((await fetch(`${afterCrash.url}${image.url}`)).status).toBe(200);
    expect(await afterCrash.stop()).toBe(0);
  });
});
