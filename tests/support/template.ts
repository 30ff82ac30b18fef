/**
 * The prepared site every test server starts from (issue 32; docs/testing.md): made once per run by the test
 * runners' global setup, then copied for each server instead of starting from nothing.
 *
 * - `site/`: a first start's data and uploads: the migrated database, the owner, the sample content.
 * - `library/`: real photos uploaded once through the API of another first start (JPEGs in the shapes the seed
 *   fixture cycles through, a camera JPEG with EXIF and GPS, a PNG and an HEIC): each photo's stored folder and its
 *   row, from which `seedPhotos` (seed.ts) makes new photos without the image pipeline.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { openDatabase } from "~/server/data/db.server";
import * as schema from "~/server/data/schema";
import { cameraJpeg } from "./camera";
import { makeJpeg, uploadImage } from "./images";
import { OUTPUT } from "../../scripts/build-if-stale.mjs";
import { loginAdmin, ROOT, startServer, templateDir } from "./server";

export type ImageRow = typeof schema.images.$inferSelect;

/** The shapes the seed fixture cycles through: its photo `n` is `n % 15`, as wide and tall as the uploads it replaced. */
export const SEED_SHAPES = 15;
export const seedShape = (n: number) => ({ width: 600 + (n % 5) * 40, height: 400 + (n % 3) * 60 });

/** The library's other photos, by what a test asks for. */
export const LIBRARY_KINDS = ["camera", "png", "heic", "portrait", "wide", "tall"] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

async function libraryUploads(): Promise<{ name: string; data: Buffer; filename: string; type: string }[]> {
  const shapes = await Promise.all(
    Array.from({ length: SEED_SHAPES }, async (_, n) => {
      const { width, height } = seedShape(n);
      return {
        name: `shape-${n}`,
        data: await makeJpeg(width, height, n),
        filename: `shape-${n}.jpg`,
        type: "image/jpeg",
      };
    }),
  );
  const png = await (
    await import("sharp")
  )
    .default(await makeJpeg(480, 320, 101))
    .png()
    .toBuffer();
  return [
    ...shapes,
    { name: "camera", data: cameraJpeg("library"), filename: "camera.jpg", type: "image/jpeg" },
    { name: "png", data: png, filename: "drawing.png", type: "image/png" },
    {
      name: "heic",
      data: fs.readFileSync(path.join(ROOT, "tests/fixtures/photo.heic")),
      filename: "photo.heic",
      type: "image/heic",
    },
    { name: "portrait", data: await makeJpeg(400, 600, 102), filename: "portrait.jpg", type: "image/jpeg" },
    // Large enough for the viewer to fill a desktop screen from variants of their own (1600 px and up).
    { name: "wide", data: await makeJpeg(1800, 1200, 103), filename: "wide.jpg", type: "image/jpeg" },
    { name: "tall", data: await makeJpeg(1200, 1800, 104), filename: "tall.jpg", type: "image/jpeg" },
  ];
}

/** A first start, stopped: what a new site holds before anyone uses it. */
async function prepareSite(dir: string): Promise<void> {
  const server = await startServer({
    dirs: { dataDir: path.join(dir, "data"), uploadsDir: path.join(dir, "uploads") },
  });
  await server.stop();
}

/** Uploads the library through the API of a server of its own, then keeps each photo's folder and row. */
async function prepareLibrary(dir: string): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-library-"));
  const dirs = { dataDir: path.join(scratch, "data"), uploadsDir: path.join(scratch, "uploads") };
  const server = await startServer({ dirs });
  const { token } = await loginAdmin(server.url);
  const names = new Map<number, string>();
  for (const upload of await libraryUploads()) {
    const response = await uploadImage(server.url, token, upload, { name: upload.name });
    if (response.status !== 201)
      throw new Error(`library upload ${upload.name}: ${response.status} ${await response.text()}`);
    names.set(((await response.json()) as { id: number }).id, upload.name);
  }
  await server.stop();
  const sqlite = openDatabase(path.join(dirs.dataDir, "portfolio.sqlite"));
  const rows = drizzle(sqlite, { schema }).select().from(schema.images).all();
  sqlite.close();
  const library: Record<string, ImageRow> = {};
  for (const row of rows) {
    const name = names.get(row.id)!;
    fs.cpSync(path.join(dirs.uploadsDir, "images", row.storageKey), path.join(dir, name), { recursive: true });
    library[name] = row;
  }
  fs.writeFileSync(path.join(dir, "library.json"), JSON.stringify(library));
  fs.rmSync(scratch, { recursive: true, force: true });
}

/** What the template is made from: the build the servers run and the code and photos that make it. */
function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(String(fs.statSync(path.join(ROOT, OUTPUT)).mtimeMs));
  for (const file of ["tests/support/template.ts", "tests/support/images.ts", "tests/support/camera.ts"]) {
    hash.update(fs.readFileSync(path.join(ROOT, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Per checkout: a second clone testing at the same time on the machine has templates of its own, which this one's
 * cleanup below must not remove from under its servers.
 */
const TEMPLATE_PREFIX = `portfolio-template-${createHash("sha256").update(ROOT).digest("hex").slice(0, 8)}-`;

/** Whether a process of that id is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the right to make the template at `dir`: false while another live runner holds it (Vitest and Playwright
 * may run at once, and both prepare the same template). A lock whose maker died is taken over.
 */
function takeMaking(dir: string): boolean {
  const lock = `${dir}.lock`;
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
    return true;
  } catch {
    const holder = Number(fs.readFileSync(lock, "utf8"));
    // A lock just created may not hold its id yet: that holder is alive.
    if (!holder || alive(holder)) return false;
    fs.rmSync(lock, { force: true });
    return takeMaking(dir);
  }
}

/**
 * Makes the template (global setup), or reuses the one an earlier runner of the same build made, or waits for the one
 * a runner beside it is making; this checkout's templates of other builds are removed. Returns its folder.
 */
export async function prepareTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  while (!fs.existsSync(dir) && !takeMaking(dir)) await new Promise((resolve) => setTimeout(resolve, 200));
  if (fs.existsSync(dir)) return dir;
  try {
    for (const name of fs.readdirSync(os.tmpdir())) {
      if (name.startsWith(TEMPLATE_PREFIX) && !name.startsWith(path.basename(dir))) {
        fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
      }
    }
    // Made aside and renamed into place whole, so a folder of that name is always complete.
    const making = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-making-template-"));
    await Promise.all([prepareSite(path.join(making, "site")), prepareLibrary(path.join(making, "library"))]);
    try {
      fs.renameSync(making, dir);
    } catch (error) {
      // Another runner made the same template meanwhile (both found its maker's lock stale): theirs is as good.
      if (!fs.existsSync(dir)) throw error;
      fs.rmSync(making, { recursive: true, force: true });
    }
    return dir;
  } finally {
    fs.rmSync(`${dir}.lock`, { force: true });
  }
}

let library: Record<string, ImageRow> | undefined;

/** A library photo's row (dates revived) and its folder. */
export function libraryPhoto(name: string): { row: ImageRow; folder: string } {
  if (!library) {
    const raw = JSON.parse(fs.readFileSync(path.join(templateDir(), "library", "library.json"), "utf8")) as Record<
      string,
      ImageRow
    >;
    library = Object.fromEntries(
      Object.entries(raw).map(([name, row]) => [
        name,
        {
          ...row,
          uploadedAt: new Date(row.uploadedAt),
          updatedAt: new Date(row.updatedAt),
          takenAt: row.takenAt === null ? null : new Date(row.takenAt),
        },
      ]),
    );
  }
  const row = library[name];
  if (!row) throw new Error(`the template's library has no photo "${name}"`);
  return { row, folder: path.join(templateDir(), "library", name) };
}
