// Continuous replication with Litestream to a folder replica: the server is
// killed, its database deleted, and the restore command (and a plain start)
// bring every row back, with the photos still served.
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { allImages, makeJpeg, uploadImage } from "../support/images";
import { scriptCommand } from "../support/scripts";
import { loginAdmin, ROOT, startServer, type TestServer } from "../support/server";

const LITESTREAM = path.join(ROOT, "node_modules/@flydotio/litestream-linux-x64/litestream");
const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-litestream-"));
const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
const replica = `file://${path.join(base, "replica")}`;
const env = { LITESTREAM_REPLICA_URL: replica };
const databaseFiles = () => ["", "-wal", "-shm"].map((suffix) => path.join(dirs.dataDir, `portfolio.sqlite${suffix}`));

let server: TestServer | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(base, { recursive: true, force: true });
});

/** The photos' names as the replica holds them, read from a fresh restore of it. */
function namesInReplica(): string[] {
  const probe = path.join(base, `probe-${Date.now()}.sqlite`);
  const restored = spawnSync(LITESTREAM, ["restore", "-if-replica-exists", "-o", probe, replica], { encoding: "utf8" });
  expect(restored.status, restored.stderr).toBe(0);
  if (!fs.existsSync(probe)) return [];
  const sqlite = new Database(probe, { readonly: true });
  try {
    return sqlite.prepare("SELECT name FROM images ORDER BY id").pluck().all() as string[];
  } finally {
    sqlite.close();
    for (const file of fs.readdirSync(base).filter((name) => name.startsWith(path.basename(probe))))
      fs.rmSync(path.join(base, file));
  }
}

/** The Litestream process the server started last. */
function replicatorPid(): number {
  return Number(fs.readFileSync(path.join(dirs.dataDir, "litestream.pid"), "utf8"));
}

function isLitestream(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("litestream");
  } catch {
    return false;
  }
}

async function expectEverythingBack(expected: Image[]) {
  const images = await allImages(server!.url);
  expect(images.map((image) => [image.id, image.name, image.url])).toEqual(
    expected.map((image) => [image.id, image.name, image.url]),
  );
  for (const image of images) expect((await fetch(server!.url + image.url)).status).toBe(200);
}

// Replicated, then restored from what was replicated: not to be shuffled.
describe.skipIf(!fs.existsSync(LITESTREAM))("replication with Litestream to a folder", { shuffle: false }, () => {
  let photos: Image[];

  it("replicates every write while the server runs", async () => {
    server = await startServer({ env, dirs });
    expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: "ok", replication: true });
    const { token } = await loginAdmin(server.url);
    for (let i = 0; i < 3; i++) {
      const response = await uploadImage(
        server.url,
        token,
        { data: await makeJpeg(320, 240, i), filename: `kept-${i}.jpg` },
        { name: `Kept ${i}`, description: "" },
      );
      expect(response.status).toBe(201);
    }
    const [last] = await allImages(server.url);
    const edit = await fetch(`${server.url}/api/image/${last!.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Kept and renamed", description: "" }),
    });
    expect(edit.status).toBe(200);
    photos = await allImages(server.url);
    await expect.poll(namesInReplica, { timeout: 15_000 }).toEqual(["Kept 0", "Kept 1", "Kept and renamed"]);
  });

  it("restores the database with `npm run replica:restore` after the server is killed and it is deleted", async () => {
    await server!.kill();
    const leftover = replicatorPid();
    expect(isLitestream(leftover)).toBe(true);
    for (const file of databaseFiles()) fs.rmSync(file, { force: true });

    const [node, replicaRestore] = scriptCommand("replica-restore");
    const restore = spawnSync(node, replicaRestore, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir, ...env },
      encoding: "utf8",
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Restored");

    // The next start stops the replicator the killed server left behind before it starts its own.
    server = await startServer({ env, dirs });
    await expect.poll(() => isLitestream(leftover)).toBe(false);
    expect(isLitestream(replicatorPid())).toBe(true);
    await expectEverythingBack(photos);
  });

  it("restores by itself when a server starts without a database, and stops Litestream when it stops", async () => {
    await server!.kill();
    for (const file of databaseFiles()) fs.rmSync(file, { force: true });
    server = await startServer({ env, dirs });
    expect(server.output()).toContain(`Restored the database from the replica at ${replica}.`);
    await expectEverythingBack(photos);

    const replicator = replicatorPid();
    expect(await server.stop()).toBe(0);
    server = undefined;
    expect(isLitestream(replicator)).toBe(false);
  });
});
