// `npm run backup` while uploads and deletes run, then `npm run restore` into a
// fresh site: the restored database is sound, every row has its files, and the
// API serves them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allImages, makeJpeg, uploadImage } from "../support/images";
import { runScript } from "../support/scripts";
import { seedPhotos } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { expectSoundStorage, type Dirs } from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-backup-"));
const servers: TestServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(base, { recursive: true, force: true });
});

/** Runs `npm run <name> -- <folder>`'s built script, against the given site folders. */
async function runSiteScript(name: "backup" | "restore", folder: string, dirs: Dirs): Promise<string> {
  const { code, output } = await runScript(name, [folder], { DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir });
  if (code !== 0) throw new Error(`npm run ${name} failed (${code}):\n${output}`);
  return output;
}

describe("backup during writes, restore into a fresh site", () => {
  // Three backups under two busy writers, then three restores and starts (each site also carries the sample cards).
  it("restores a sound database whose every row has its files, served by the API", { timeout: 180_000 }, async () => {
    const live = await startServer({
      dirs: { dataDir: path.join(base, "live/data"), uploadsDir: path.join(base, "live/uploads") },
    });
    servers.push(live);
    const { token } = await loginAdmin(live.url);
    // Twelve photos to start with, seeded; the writers below upload through the API. Their photos are small: each
    // write is quicker, so more of them interleave with the backups.
    const created = await seedPhotos(
      live,
      Array.from({ length: 12 }, (_, n) => ({ name: `photo ${n}` })),
    );
    let seed = 0;
    const uploadOne = async () => {
      seed++;
      const response = await uploadImage(live.url, token, {
        data: await makeJpeg(320, 240, seed),
        filename: `photo-${seed}.jpg`,
      });
      expect(response.status).toBe(201);
      created.push(((await response.json()) as { id: number }).id);
    };

    // Writers, until the backups are done: two that each upload a photo and
    // then delete the oldest, so uploads and deletes keep interleaving.
    let writing = true;
    const deleteStarted = new Set<number>();
    const deleteOldest = async () => {
      const id = created.find((c) => !deleteStarted.has(c))!;
      deleteStarted.add(id);
      const response = await fetch(`${live.url}/api/image/${id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(204);
    };
    const writer = async () => {
      while (writing) {
        await uploadOne();
        await deleteOldest();
      }
    };
    const writers = [writer(), writer()];

    const backups: { folder: string; kept: number[] }[] = [];
    for (let i = 0; i < 3; i++) {
      const settled = created.filter((id) => !deleteStarted.has(id));
      const folder = path.join(base, `backup-${i}`);
      expect(await runSiteScript("backup", folder, live)).toMatch(/^Backed up \d+ photos to /);
      // Photos that existed before this backup began and were not being deleted must be in it.
      backups.push({ folder, kept: settled.filter((id) => !deleteStarted.has(id)) });
    }
    writing = false;
    await Promise.all(writers);
    expect(deleteStarted.size).toBeGreaterThan(0);

    for (const [i, { folder, kept }] of backups.entries()) {
      const dirs = {
        dataDir: path.join(base, `restored-${i}/data`),
        uploadsDir: path.join(base, `restored-${i}/uploads`),
      };
      expect(await runSiteScript("restore", folder, dirs)).toMatch(/^Restored \d+ photos from /);
      const restored = await startServer({ dirs });
      servers.push(restored);
      const report = expectSoundStorage(dirs);
      for (const id of kept) expect(report.ids).toContain(id);

      const listed = await allImages(restored.url);
      expect(listed.map((image) => image.id).sort((a, b) => a - b)).toEqual(report.ids);
      for (const image of listed.slice(0, 5)) expect((await fetch(`${restored.url}${image.url}`)).status).toBe(200);
      await restored.stop();
    }
  });
});
