// `npm run restore` beside a running server would replace the database the
// server holds open, and later edits would vanish at its restart: it refuses,
// saying to stop the server, and leaves everything as it was. A server killed
// with -9 leaves its lock file behind, which does not block a restore.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { allImages } from "../support/images";
import { imageRowCount, queryDb } from "../support/inspect";
import { runScript } from "../support/scripts";
import { seedPhotos } from "../support/seed";
import { copyTemplateSite, runToExit, startServer, type TestServer } from "../support/server";
import { startHoldingProxy } from "../support/holding-proxy";
import { startTestBucket } from "../support/s3";
import { expectSoundStorage, waitUntil } from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-restore-guard-"));
const running: TestServer[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
  fs.rmSync(base, { recursive: true, force: true });
});

function site(name: string) {
  return { dataDir: path.join(base, `${name}/data`), uploadsDir: path.join(base, `${name}/uploads`) };
}

const envOf = (dirs: ReturnType<typeof site>) => ({ DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir });

/**
 * A running site (a copy of the template's) with one photo, a backup of it, and a second photo added after the
 * backup. The photos are seeded: the guard is the subject, not uploading.
 */
async function siteWithBackup(name: string) {
  const dirs = site(name);
  copyTemplateSite(dirs);
  const server = await startServer({ dirs });
  running.push(server);
  await seedPhotos(dirs, [{ name: "before the backup" }]);
  const folder = path.join(base, `${name}-backup`);
  const backup = await runScript("backup", [folder], envOf(dirs));
  expect(backup.code, backup.output).toBe(0);
  await seedPhotos(dirs, [{ name: "after the backup" }]);
  return { dirs, server, folder };
}

it("refuses while the server runs, saying to stop it, and changes nothing; once stopped, the restore runs", async () => {
  const { dirs, server, folder } = await siteWithBackup("running");
  const names = () => queryDb<{ name: string }>(dirs.dataDir, "SELECT name FROM images ORDER BY id");
  const before = names();
  expect(before).toHaveLength(2);

  const refused = await runScript("restore", [folder], envOf(dirs));
  expect(refused.code).toBe(1);
  expect(refused.stderr.trim()).toBe(
    `The site's data in ${dirs.dataDir} is in use by the server (pid ${server.process.pid}). ` +
      "Stop it first: npm run restore must run alone.",
  );
  expect(refused.stdout).toBe("");
  expect(names()).toEqual(before);
  expect(await allImages(server.url)).toHaveLength(2);

  // The same guard stops a restore from the Litestream replica.
  const fromReplica = await runScript("replica-restore", [], {
    ...envOf(dirs),
    LITESTREAM_REPLICA_URL: `file://${path.join(base, "replica")}`,
  });
  expect(fromReplica.code).toBe(1);
  expect(fromReplica.stderr.trim()).toBe(
    `The site's data in ${dirs.dataDir} is in use by the server (pid ${server.process.pid}). ` +
      "Stop it first: npm run replica:restore must run alone.",
  );
  expect(names()).toEqual(before);

  expect(await server.stop()).toBe(0);
  const restored = await runScript("restore", [folder], envOf(dirs));
  expect(restored.code, restored.output).toBe(0);
  expect(restored.stdout).toMatch(/^Restored 1 photos from /);
  expect(imageRowCount(dirs.dataDir)).toBe(1);
  const restarted = await startServer({ dirs });
  running.push(restarted);
  const [image] = await allImages(restarted.url);
  expect((await fetch(`${restarted.url}${image!.url}`)).status).toBe(200);
  expect(await restarted.stop()).toBe(0);
  expectSoundStorage(dirs);
});

it("is not blocked by the lock file a killed server left", async () => {
  const { dirs, server, folder } = await siteWithBackup("killed");
  await server.kill();
  expect(fs.readdirSync(path.join(dirs.dataDir, "processes"))).toHaveLength(1);

  const restored = await runScript("restore", [folder], envOf(dirs));
  expect(restored.code, restored.output).toBe(0);
  expect(imageRowCount(dirs.dataDir)).toBe(1);
  expect(fs.readdirSync(path.join(dirs.dataDir, "processes"))).toEqual([]);
});

it("a server does not start while a restore runs", async () => {
  const { dirs, server, folder } = await siteWithBackup("restoring");
  await server.stop();
  // Restored into a bucket, held on its first photo's PUT through a proxy.
  const bucket = await startTestBucket();
  const proxy = await startHoldingProxy(bucket.env.S3_ENDPOINT!);
  try {
    const env = { ...envOf(dirs), ...bucket.env, S3_ENDPOINT: proxy.url };
    proxy.holdNext((request) => request.method === "PUT");
    const restoring = runScript("restore", [folder], env);
    await waitUntil(() => proxy.held() !== undefined, "the restore is storing a photo");

    const refused = await runToExit({ dirs, env: bucket.env });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^Cannot start: The site's data in .* is being replaced by npm run restore \(pid \d+\), which must run alone: start the server once it is done\.$/,
    );
    expect(refused.stderr).toContain(dirs.dataDir);
    proxy.release();
    const restored = await restoring;
    expect(restored.code, restored.output).toBe(0);
  } finally {
    await proxy.close();
    await bucket.close();
  }
});
