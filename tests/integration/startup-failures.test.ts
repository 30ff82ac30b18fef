// Startup stops before listening, with one clear line and exit code 1, when
// the database is corrupt or a folder cannot be written. How fast: `npm run bench`.
import { once } from "node:events";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runToExit, startServer, type Exited } from "../support/server";
import { canMountTmpfs, mountTmpfs, unmount, type Dirs } from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-startup-"));
const mountable = canMountTmpfs(path.join(base, "probe"));
if (!mountable)
  console.warn("startup: read-only folder cases skipped, this process cannot mount a tmpfs (run as root)");
const mounts: string[] = [];

afterAll(() => {
  mounts.forEach(unmount);
  fs.rmSync(base, { recursive: true, force: true });
});

function freshDirs(name: string): Dirs {
  return { dataDir: path.join(base, name, "data"), uploadsDir: path.join(base, name, "uploads") };
}

function expectOneClearLine(result: Exited, message: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.output.trim().split("\n")).toEqual([expect.stringMatching(message)]);
}

describe("startup stops with one clear line", () => {
  it("when the database file is garbage", async () => {
    const dirs = freshDirs("garbage");
    fs.mkdirSync(dirs.dataDir, { recursive: true });
    fs.writeFileSync(path.join(dirs.dataDir, "portfolio.sqlite"), Buffer.alloc(64 * 1024, "not a database "));
    expectOneClearLine(
      await runToExit({ dirs }),
      /^Cannot start: The database .*portfolio\.sqlite is unreadable or corrupt \(.+\)\. Restore a backup with "npm run restore -- <dir>"\.$/,
    );
  });

  it("when another process listens on its port", async () => {
    const holder = net.createServer().listen(0, "127.0.0.1");
    await once(holder, "listening");
    const { port } = holder.address() as AddressInfo;
    try {
      expectOneClearLine(
        await runToExit({ env: { PORT: String(port) } }),
        new RegExp(
          `^Cannot start: port ${port} is already in use\\. Stop what listens there, or set PORT to another port\\.$`,
        ),
      );
    } finally {
      holder.close();
    }
  });

  it("when the database has damaged pages", async () => {
    const dirs = freshDirs("damaged");
    // A real database first, then its table pages overwritten past the header.
    await (await startServer({ dirs })).stop();
    const file = path.join(dirs.dataDir, "portfolio.sqlite");
    const size = fs.statSync(file).size;
    const handle = fs.openSync(file, "r+");
    fs.writeSync(handle, Buffer.alloc(size - 4096, 0xa5), 0, size - 4096, 4096);
    fs.closeSync(handle);
    expectOneClearLine(await runToExit({ dirs }), /^Cannot start: The database .* is unreadable or corrupt/);
  });

  it.skipIf(!mountable)("when UPLOADS_DIR is read-only", async () => {
    const dirs = freshDirs("uploads-ro");
    mountTmpfs(dirs.uploadsDir, 1024 * 1024, "ro");
    mounts.push(dirs.uploadsDir);
    expectOneClearLine(
      await runToExit({ dirs }),
      new RegExp(`^Cannot start: UPLOADS_DIR \\(${dirs.uploadsDir}\\) is not writable by this process\\.$`),
    );
  });

  it.skipIf(!mountable)("when DATA_DIR is read-only", async () => {
    const dirs = freshDirs("data-ro");
    mountTmpfs(dirs.dataDir, 1024 * 1024, "ro");
    mounts.push(dirs.dataDir);
    expectOneClearLine(
      await runToExit({ dirs }),
      new RegExp(`^Cannot start: DATA_DIR \\(${dirs.dataDir}\\) is not writable by this process\\.$`),
    );
  });

  it.skipIf(!mountable)("when UPLOADS_DIR is writable at the top but its images/ folder is not", async () => {
    const dirs = freshDirs("images-ro");
    await (await startServer({ dirs })).stop();
    const images = path.join(dirs.uploadsDir, "images");
    mountTmpfs(images, 1024 * 1024, "ro");
    mounts.push(images);
    expectOneClearLine(
      await runToExit({ dirs }),
      /^Cannot start: Cannot store photos in UPLOADS_DIR \(.*\): .*read-only file system/,
    );
  });
});
