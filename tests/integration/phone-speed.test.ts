// A phone's first view of the gallery (issue 19, records 045, 046, 049 and 052): one eager
// image, first in line, with the scripts held until it is on screen; every thumbnail offers the
// phone's 720 px variants; a deep link's photo is AVIF on a phone and nothing goes before
// it; and `npm run variants:backfill` gives photos made before them the same.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { queryDb, storageKeyOf, variantUrls } from "../support/inspect";
import { runScript } from "../support/scripts";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { expectSoundStorage } from "../support/storage-check";

let server: TestServer;
let token: string;
const uploaded: Image[] = [];
/** Wider than the widest AVIF (960 px), as a camera's photos are, and with a photo either side of it. */
let wide: Image;

async function upload(seed: number, width: number, height: number): Promise<Image> {
  const data = await makeJpeg(width, height, seed);
  const response = await uploadImage(
    server.url,
    token,
    { data, filename: `phone-${seed}.jpg` },
    { name: `Phone ${seed}` },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

/** The gallery's thumbnails as the server renders them: each `<picture>` in the grid. */
async function galleryPictures(): Promise<string[]> {
  const html = await (await fetch(`${server.url}/photography`)).text();
  const grid = html.match(/<ul class="gallery-grid"[\s\S]*?<\/ul>/)?.[0];
  expect(grid, "the gallery grid").toBeDefined();
  return grid!.match(/<picture>[\s\S]*?<\/picture>/g) ?? [];
}

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
  // Landscapes and portraits, as a camera makes them, just wider than 720 px: six, two top rows on a desktop.
  for (let i = 0; i < 6; i++) uploaded.push(i % 3 === 2 ? await upload(i, 750, 1000) : await upload(i, 800, 600));
  wide = await upload(6, 1200, 900);
  uploaded.push(await upload(7, 800, 600));
}, 120_000);
afterAll(() => server?.stop());

describe("the gallery's first page", () => {
  it("loads only the first thumbnail eagerly, at high priority; every other one lazily", async () => {
    const pictures = await galleryPictures();
    expect(pictures).toHaveLength(8);
    const eager = pictures.filter((picture) => /loading="eager"/.test(picture));
    expect(eager).toHaveLength(1);
    expect(pictures[0]).toMatch(/loading="eager"/);
    expect(pictures[0]).toMatch(/fetchPriority="high"|fetchpriority="high"/);
    for (const picture of pictures.slice(1)) {
      expect(picture).toMatch(/loading="lazy"/);
      expect(picture).not.toMatch(/fetch[pP]riority="high"/);
    }
  });

  it("offers every thumbnail in the phone's 720 px width, AVIF and WebP, for the one-column layout", async () => {
    for (const picture of await galleryPictures()) {
      const avif = picture.match(/<source type="image\/avif" srcSet="([^"]+)"/)?.[1];
      const webp = picture.match(/<img[^>]* srcSet="([^"]+)"/)?.[1];
      expect(avif).toMatch(/\/w720\.avif 720w/);
      expect(webp).toMatch(/\/w720\.webp 720w/);
      // A phone draws the one column the screen's width less the gutters.
      expect(picture).toMatch(/sizes="[^"]*calc\(100vw - 2rem\)"/);
    }
  });
  it("asks for the first thumbnail in the head, before the scripts, at high priority", async () => {
    const html = await (await fetch(`${server.url}/photography`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = head.match(/<link rel="preload" as="image" type="image\/avif"[^>]*>/)?.[0];
    expect(preload, "the first thumbnail's preload").toBeDefined();
    expect(preload).toMatch(/fetchPriority="high"/);
    const first = (await galleryPictures())[0]!.match(/<source type="image\/avif" srcSet="([^"]+)"/)![1]!;
    expect(preload).toContain(`imageSrcSet="${first}"`);
    expect(head.indexOf(preload!)).toBeLessThan(head.indexOf("data-modules="));
  });

  it("holds the scripts until the photo is on screen: no module preload, the module script a data block", async () => {
    const html = await (await fetch(`${server.url}/photography`)).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    const modules = JSON.parse(html.match(/ data-modules="([^"]+)"/)![1]!.replaceAll("&quot;", '"')) as string[];
    expect(modules.length).toBeGreaterThan(1);
    for (const href of modules) expect(href).toMatch(/^\/assets\/[\w.-]+\.js$/);
    const held = html.match(/<script nonce="[^"]+" type="text\/plain" id="page-module">([^<]*)<\/script>/)?.[1];
    expect(held, "React Router's module script, held").toContain('import("/assets/entry.client-');
  });
});

describe("a photo's deep link", () => {
  async function deepLink(): Promise<{ head: string; photo: string }> {
    const html = await (await fetch(`${server.url}/photography?image=${wide.id}`)).text();
    const frame = html.slice(html.indexOf('class="viewer-frame"'));
    return {
      head: html.slice(0, html.indexOf("</head>")),
      photo: frame.match(/<picture>[\s\S]*?<\/picture>/)![0],
    };
  }

  it("draws the photo from its AVIF variants on the screens they are wide enough for, WebP elsewhere", async () => {
    const { photo } = await deepLink();
    const source = photo.match(/<source type="image\/avif" media="([^"]+)" srcSet="([^"]+)"/);
    expect(source, "the viewer's AVIF source").not.toBeNull();
    // A phone at up to two device pixels (Lighthouse's: 412 px at 1.75); never a desktop, which draws it wider.
    expect(source![1]).toContain("(max-width: 512px) and (max-resolution: 2dppx)");
    expect(source![1]).not.toMatch(/max-width: (9\d\d|\d{4,})px/);
    expect(source![2]).toMatch(/\/w960\.avif 960w$/);
    // The WebP reaches the photo's own width for the desktop.
    expect(photo.match(/<img[^>]* srcSet="([^"]+)"/)![1]).toMatch(/\/w1200\.webp 1200w$/);
  });

  it("asks for no image in the head: neither the neighbours nor a thumbnail go before the photo", async () => {
    const { head } = await deepLink();
    expect(head).not.toMatch(/<link rel="preload" as="image"/);
  });
});

describe("npm run variants:backfill", () => {
  it("remakes an older photo's variants under a new key from its original, keeping its focus; the old files go", async () => {
    const image = uploaded[0]!;
    const oldKey = storageKeyOf(image);
    // As a photo uploaded before the 720 px variants: no w720 files, an older variant set, a focus set by the owner.
    const sqlite = new Database(path.join(server.dataDir, "portfolio.sqlite"));
    sqlite
      .prepare(
        "UPDATE images SET variant_set = 1, variant_widths = '[320,480,640,800]', avif_widths = '[320,480,640,800]', focus_x = 0.2, focus_y = 0.7 WHERE id = ?",
      )
      .run(image.id);
    sqlite.close();
    for (const format of ["avif", "webp"]) fs.rmSync(path.join(server.uploadsDir, "images", oldKey, `w720.${format}`));

    const run = await runScript("variants-backfill", [], { DATA_DIR: server.dataDir, UPLOADS_DIR: server.uploadsDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Remade the variants of 1 of 1 photos/);

    const [row] = queryDb<{ storage_key: string; variant_set: number; focus_x: number; focus_y: number }>(
      server.dataDir,
      "SELECT storage_key, variant_set, focus_x, focus_y FROM images WHERE id = ?",
      image.id,
    );
    expect(row).toMatchObject({ variant_set: 2, focus_x: 0.2, focus_y: 0.7 });
    expect(row!.storage_key).not.toBe(oldKey);
    expect(fs.existsSync(path.join(server.uploadsDir, "images", oldKey))).toBe(false);

    const now = (await (await fetch(`${server.url}/api/image/${image.id}`)).json()) as Image;
    expect(now.avifSrcset).toMatch(/\/w720\.avif 720w/);
    for (const url of variantUrls(now)) expect((await fetch(`${server.url}${url}`)).status, url).toBe(200);
    expect((await fetch(`${server.url}${image.url}`)).status).toBe(404);
    // The pages follow at once: the row's change moved the content version.
    expect((await galleryPictures()).join("")).toContain(`/media/${row!.storage_key}/w720.avif`);
    expectSoundStorage(server);

    const again = await runScript("variants-backfill", [], {
      DATA_DIR: server.dataDir,
      UPLOADS_DIR: server.uploadsDir,
    });
    expect(again.stdout).toMatch(/Remade the variants of 0 of 0 photos/);
  }, 120_000);
});
