// The uploads folder turning read-only or running full: clear answers, no
// partial row, no leftover files, /healthz 503 while it cannot write.
// Uses a small tmpfs as UPLOADS_DIR, so it needs root (as in CI); skipped otherwise.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg, noisyJpeg, uploadImage } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import {
  canMountTmpfs,
  expectSoundStorage,
  inspectStorage,
  mountTmpfs,
  remount,
  unmount,
  type Dirs,
} from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-storage-faults-"));
const mountable = canMountTmpfs(path.join(base, "probe"));
if (!mountable)
  console.warn(
    "storage-faults: skipped, this process cannot mount a tmpfs (run as root to test a read-only or full uploads folder)",
  );

function freeBytes(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** Fills the disk with a file so that about `leftBytes` stay free. */
function fillLeaving(dir: string, leftBytes: number): string {
  const filler = path.join(dir, "filler");
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(dir) - leftBytes)));
  return filler;
}

function listing(url: string): Promise<{ images: { id: number; url: string }[] }> {
  return fetch(`${url}/api/image?page=1`).then((r) => r.json() as Promise<{ images: { id: number; url: string }[] }>);
}

describe.skipIf(!mountable)("uploads folder on a small tmpfs", () => {
  const dirs: Dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    mountTmpfs(dirs.uploadsDir, 8 * 1024 * 1024);
    server = await startServer({ dirs });
    token = (await loginAdmin(server.url)).token;
    expect(
      (await uploadImage(server.url, token, { data: await makeJpeg(800, 600, 1), filename: "first.jpg" })).status,
    ).toBe(201);
  });

  afterAll(async () => {
    await server?.stop();
    unmount(dirs.uploadsDir);
    fs.rmSync(base, { recursive: true, force: true });
  });

  /** Nothing half-done: the same rows as before, every row with its files, tmp/ empty. */
  function expectUnchanged(idsBefore: number[]): void {
    const report = expectSoundStorage(dirs);
    expect(report.ids).toEqual(idsBefore);
  }

  /** Uploads `photo` with only `leftBytes` free: a clear 507 and nothing half-done. */
  async function expectNoSpace(photo: Buffer, leftBytes: number): Promise<void> {
    const before = inspectStorage(dirs).ids;
    const filler = fillLeaving(dirs.uploadsDir, leftBytes);
    try {
      const response = await uploadImage(server.url, token, { data: photo, filename: "no-space.jpg" });
      expect(response.status).toBe(507);
      expect(await response.json()).toEqual({ message: "The server has no space left to store this image." });
      expectUnchanged(before);
    } finally {
      fs.rmSync(filler);
    }
  }

  /**
   * Noise, so its variants outweigh it: an 800 × 560 one makes about 730 KB of them from its 300 KB, well past the
   * 256 KB left free below, at half the CPU of the 2000 × 1400 one used before (AVIF of noise is slow).
   */
  let noisy: Promise<Buffer> | undefined;
  const noisyPhoto = () => (noisy ??= noisyJpeg(800, 560));

  it("answers 507 with a message when the upload itself does not fit", async () => {
    const photo = await noisyPhoto();
    await expectNoSpace(photo, photo.length / 4);
  });

  it("answers 507 with a message when the upload fits but its variants do not", async () => {
    const photo = await noisyPhoto();
    await expectNoSpace(photo, photo.length + 256 * 1024);
    // With the space back, the same photo goes in.
    const retry = await uploadImage(server.url, token, { data: photo, filename: "no-space.jpg" });
    expect(retry.status).toBe(201);
    expectSoundStorage(dirs);
  });

  it("while read-only: 503 for uploads and deletes, /healthz 503, reading still works; recovers when writable", async () => {
    const before = inspectStorage(dirs).ids;
    const [shown] = (await listing(server.url)).images;
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    remount(dirs.uploadsDir, "ro");
    try {
      const upload = await uploadImage(server.url, token, {
        data: await makeJpeg(800, 600, 2),
        filename: "read-only.jpg",
      });
      expect(upload.status).toBe(503);
      expect(await upload.json()).toEqual({ message: "The server cannot write to its uploads folder right now." });

      const removal = await fetch(`${server.url}/api/image/${shown!.id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(removal.status).toBe(503);
      expect(await removal.json()).toEqual({ message: "The server cannot write to its uploads folder right now." });

      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "unavailable", database: true, storage: false });

      expect((await fetch(`${server.url}/photography`)).status).toBe(200);
      expect((await fetch(`${server.url}${shown!.url}`)).status).toBe(200);
      expectUnchanged(before);
    } finally {
      remount(dirs.uploadsDir, "rw");
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const upload = await uploadImage(server.url, token, {
      data: await makeJpeg(800, 600, 2),
      filename: "writable-again.jpg",
    });
    expect(upload.status).toBe(201);
    expectSoundStorage(dirs);
  });
});
