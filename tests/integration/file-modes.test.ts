// The database (password and session hashes), its -wal/-shm, the session
// secret and the originals (GPS and all) are readable by this process's user
// only: files 600, folders 700 — on a new site, on an existing install made
// under a looser umask (tightened at start), in a backup and after a restore.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { storedFolders, variantUrls } from "../support/inspect";
import { scriptCommand } from "../support/scripts";
import { copyTemplateSite, loginAdmin, ROOT, startServer, type TestServer } from "../support/server";
import type { Dirs } from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-modes-"));
const running: TestServer[] = [];
let seed = 700;

afterAll(async () => {
  await Promise.all(running.map((s) => s.kill()));
  fs.rmSync(base, { recursive: true, force: true });
});

async function start(dirs: Dirs): Promise<TestServer> {
  // No SESSION_SECRET: the server generates its own into DATA_DIR.
  const server = await startServer({ dirs, env: { SESSION_SECRET: "" } });
  running.push(server);
  return server;
}

function siteDirs(name: string): Dirs {
  return { dataDir: path.join(base, name, "data"), uploadsDir: path.join(base, name, "uploads") };
}

/** A site made before this fix, from a copy of the template's (a first start is the first test's subject only). */
function existingSite(name: string): Dirs {
  const dirs = siteDirs(name);
  copyTemplateSite(dirs);
  return dirs;
}

const mode = (target: string) => (fs.statSync(target).mode & 0o777).toString(8);

/** Every folder and file under `root` (itself included) whose mode is not 700 / 600, as "path mode". */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stat = fs.lstatSync(target);
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) found.push(`${path.relative(base, target)} ${mode(target)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) visit(path.join(target, entry));
  };
  visit(root);
  return found;
}

/** What an install made before this fix looks like: everything readable by all (umask 022). */
function loosen(root: string): void {
  const visit = (target: string) => {
    const directory = fs.statSync(target).isDirectory();
    fs.chmodSync(target, directory ? 0o755 : 0o644);
    if (directory) for (const entry of fs.readdirSync(target)) visit(path.join(target, entry));
  };
  visit(root);
}

/** The database, its WAL files and the session secret, and the data folder itself. */
function dataFiles({ dataDir }: Dirs): string[] {
  return [
    dataDir,
    ...["portfolio.sqlite", "portfolio.sqlite-wal", "portfolio.sqlite-shm", "session-secret"].map((f) =>
      path.join(dataDir, f),
    ),
  ];
}

function expectPrivateSite(dirs: Dirs): void {
  for (const file of dataFiles(dirs)) expect(fs.existsSync(file), file).toBe(true);
  expect(dataFiles(dirs).flatMap(notPrivate)).toEqual([]);
  expect(notPrivate(dirs.uploadsDir)).toEqual([]);
}

async function uploadPhoto(server: TestServer): Promise<Image> {
  const { token } = await loginAdmin(server.url);
  const response = await uploadImage(server.url, token, {
    // Small: its modes are the subject, and 600 px wide still makes six variants.
    data: await makeJpeg(600, 420, seed++),
    filename: `photo-${seed}.jpg`,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

/** Every variant the image points at is still served: the server reads its own private files. */
async function expectServed(server: TestServer, image: Image): Promise<void> {
  const urls = variantUrls(image);
  expect(urls.length).toBeGreaterThan(3);
  for (const url of urls) {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status, url).toBe(200);
    expect((await response.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
  }
}

/** Runs `npm run <name> -- <folder>`'s built script (under this test's umask, 022). */
async function runScript(name: "backup" | "restore", folder: string, dirs: Dirs): Promise<void> {
  const [node, script] = scriptCommand(name);
  const child = spawn(node, [...script, folder], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`npm run ${name} failed (${code}):\n${output}`);
}

describe("files on disk are private", () => {
  it("a new site creates its folders 700 and the database, WAL files, secret, originals and variants 600", async () => {
    expect(process.umask()).toBe(0o022);
    const dirs = siteDirs("new");
    const server = await start(dirs);
    const image = await uploadPhoto(server);
    expectPrivateSite(dirs);
    const folders = storedFolders(dirs.uploadsDir);
    expect(folders).toHaveLength(1);
    expect(fs.readdirSync(path.join(dirs.uploadsDir, "images", folders[0]!))).toContain("original");
    await expectServed(server, image);
  });

  it("an existing install's loose files are tightened at start", async () => {
    const dirs = existingSite("existing");
    const first = await start(dirs);
    const image = await uploadPhoto(first);
    // Killed, so the -wal and -shm files stay behind as they were.
    await first.kill();
    loosen(path.join(base, "existing"));
    expect(notPrivate(dirs.uploadsDir).length).toBeGreaterThan(5);

    const second = await start(dirs);
    expectPrivateSite(dirs);
    await expectServed(second, image);
  });

  it("a backup is private, and so is a site restored from an older, loose backup", async () => {
    const dirs = existingSite("backed-up");
    const server = await start(dirs);
    const image = await uploadPhoto(server);
    // The live files as an install before this fix left them: the backup must not copy their modes.
    loosen(path.join(base, "backed-up"));

    const backup = path.join(base, "backups", "first");
    await runScript("backup", backup, dirs);
    expect(fs.readdirSync(backup).sort()).toEqual(["images", "portfolio.sqlite"]);
    expect(notPrivate(path.join(base, "backups"))).toEqual([]);

    loosen(path.join(base, "backups"));
    const restored = siteDirs("restored");
    await runScript("restore", backup, restored);
    expect(notPrivate(restored.dataDir)).toEqual([]);
    expect(notPrivate(restored.uploadsDir)).toEqual([]);

    await expectServed(await start(restored), image);
  });
});
