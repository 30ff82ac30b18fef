// Camera details, the date taken, and the title and caption photo tools write: read at upload, in the API's JSON, never
// GPS; `sortField=taken_at` puts undated photos last in both orders; the
// backfill reads what older rows lack from their originals.
import Database from "better-sqlite3";
import exifr from "exifr";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image, ImagePage } from "~/lib/image";
import { CAMERA_EXIF, CAMERA_JPEG } from "../support/camera";
import { makeDatedJpeg, makeJpeg, uploadImage } from "../support/images";
import { queryDb, variantUrls } from "../support/inspect";
import { scriptCommand } from "../support/scripts";
import { loginAdmin, ROOT, pageText, startServer, type TestServer } from "../support/server";

const CAMERA_BYTES = fs.readFileSync(CAMERA_JPEG);
let server: TestServer;
let token: string;
/** The fixture as uploaded to the main server, whose settings are the defaults: by the first test that needs it. */
let cameraImage: Promise<Image> | undefined;
const harbour = () => (cameraImage ??= upload(CAMERA_BYTES, "Harbour"));

async function upload(data: Buffer, name: string): Promise<Image> {
  const response = await uploadImage(server.url, token, { data, filename: `${name}.jpg` }, { name, description: "" });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

async function list(search: string): Promise<ImagePage> {
  const response = await fetch(`${server.url}/api/image?${search}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ImagePage;
}

/** Every photo in the order the API pages through them, following nextCursor. */
async function walk(search: string): Promise<number[]> {
  const ids: number[] = [];
  let page = await list(search);
  ids.push(...page.images.map((image) => image.id));
  while (page.nextCursor) {
    page = await list(`${search}&cursor=${page.nextCursor}`);
    ids.push(...page.images.map((image) => image.id));
  }
  return ids;
}

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
});
afterAll(() => server?.stop());

describe("camera details", () => {
  it("are read at upload into the image JSON, GPS nowhere: not in the JSON, not in any variant", async () => {
    const image = await harbour();
    expect(image.exif).toEqual(CAMERA_EXIF);
    expect(image.taken_at).toBe("2024-06-16T01:30:05+02:00");
    const fetched = await (await fetch(`${server.url}/api/image/${image.id}`)).text();
    expect(JSON.parse(fetched)).toMatchObject({ exif: image.exif, taken_at: image.taken_at });
    expect(fetched).not.toMatch(/gps|latitude|longitude|59\.3|18\.06/i);

    for (const url of variantUrls(image)) {
      const variant = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
      expect(await exifr.gps(variant).catch(() => undefined), url).toBeUndefined();
      expect(await exifr.parse(variant).catch(() => undefined), url).toBeUndefined();
    }
  });

  it("have a page per camera and lens, linked from the viewer, in the API's filter and the sitemap", async () => {
    const image = await harbour();
    const viewer = await (await fetch(`${server.url}/photography?image=${image.id}`)).text();
    expect(viewer).toContain('<a href="/photography/cameras/fujifilm-x-t5"');
    expect(viewer).toContain('<a href="/photography/lenses/xf23mmf1-4-r-lm-wr"');
    for (const path of ["/photography/cameras/fujifilm-x-t5", "/photography/lenses/xf23mmf1-4-r-lm-wr"]) {
      const page = await fetch(server.url + path);
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html).toContain('alt="Harbour"');
      expect(html).toContain('<meta property="og:image"');
    }
    const listed = await list("camera=fujifilm-x-t5");
    expect(listed.images.map((each) => each.id)).toContain(image.id);
    expect(listed.images.every((each) => each.exif?.camera === "FUJIFILM X-T5")).toBe(true);
    expect((await list("lens=no-such-lens")).images).toEqual([]);
    expect((await fetch(`${server.url}/photography/cameras/no-such-camera`)).status).toBe(404);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/photography/cameras/fujifilm-x-t5<");
    expect(sitemap).toContain("/photography/lenses/xf23mmf1-4-r-lm-wr<");
  });

  it("are null for a photo without EXIF", async () => {
    const image = await upload(await makeJpeg(80, 60, 991), "Plain");
    expect(image.exif).toBeNull();
    expect(image.taken_at).toBeNull();
  });

  it("are read for older photos by `npm run exif:backfill`, from their originals", async () => {
    const image = await upload(await makeDatedJpeg("2019:08:09 10:11:12", 7), "Older");
    expect(image.taken_at).toBe("2019-08-09T10:11:12Z");
    // As a row stored before the site read EXIF.
    const sqlite = new Database(path.join(server.dataDir, "portfolio.sqlite"));
    sqlite.prepare("UPDATE images SET taken_at = NULL, taken_offset = NULL WHERE id = ?").run(image.id);
    sqlite.close();
    expect(((await (await fetch(`${server.url}/api/image/${image.id}`)).json()) as Image).taken_at).toBeNull();

    const [node, exifBackfill] = scriptCommand("exif-backfill");
    const run = spawnSync(node, exifBackfill, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, UPLOADS_DIR: server.uploadsDir },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/had camera details or a date taken/);
    expect(((await (await fetch(`${server.url}/api/image/${image.id}`)).json()) as Image).taken_at).toBe(
      "2019-08-09T10:11:12Z",
    );
  });
});

describe("the title and caption photo tools write", () => {
  const lightroomExport = () => fs.readFileSync(path.join(ROOT, "tests/fixtures/text-all.jpg"));

  it("name and describe a photo uploaded with both left blank", async () => {
    const response = await uploadImage(
      server.url,
      token,
      { data: lightroomExport(), filename: "DSC_0042.jpg" },
      { name: " ", description: "" },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      name: "Lofoten, première lumière",
      description: "Reine at dawn — Malmö's cousin",
      filename: "DSC_0042.jpg",
      tags: ["Anna", "Norway", "Travel"],
    });
  });

  it("give the photo its keywords as tags, which PUT /api/image/{id} replaces", async () => {
    const data = Buffer.concat([lightroomExport(), Buffer.from("tagged")]);
    const uploaded = (await (
      await uploadImage(server.url, token, { data, filename: "DSC_0046.jpg" }, { name: "", description: "" })
    ).json()) as Image;
    const put = (body: object) =>
      fetch(`${server.url}/api/image/${uploaded.id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const edited = await put({ tags: ["Anna", "Lofoten"] });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ name: "Lofoten, première lumière", tags: ["Anna", "Lofoten"] });

    const refused = await put({ tags: "Anna, Lofoten" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/tags/);
    expect(((await (await fetch(`${server.url}/api/image/${uploaded.id}`)).json()) as Image).tags).toEqual([
      "Anna",
      "Lofoten",
    ]);
  });

  it("are edited in the viewer's form without JavaScript, and listed under the photo", async () => {
    const data = Buffer.concat([lightroomExport(), Buffer.from("edited in the viewer")]);
    const { id } = (await (
      await uploadImage(server.url, token, { data, filename: "DSC_0047.jpg" }, { name: "", description: "" })
    ).json()) as Image;
    const { cookie } = await loginAdmin(server.url);
    const viewer = `/photography?image=${id}`;
    const form = new URLSearchParams({
      intent: "update",
      id: String(id),
      name: "Reine",
      tags: "fjord, Lofoten ,",
      redirectTo: viewer,
    });
    const saved = await fetch(`${server.url}/photography`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(saved.status).toBe(303);
    const html = await (await fetch(server.url + viewer)).text();
    // Each a link to its tag's page.
    expect(html).toMatch(
      /<ul class="viewer-tags" aria-label="Tags"><li><a href="\/photography\/tags\/fjord"[^>]*>fjord<\/a><\/li><li><a href="\/photography\/tags\/lofoten"[^>]*>Lofoten<\/a><\/li><\/ul>/,
    );
  });

  it("give way to what the owner typed, field by field", async () => {
    const typed = Buffer.concat([lightroomExport(), Buffer.from("another file")]);
    const response = await uploadImage(
      server.url,
      token,
      { data: typed, filename: "DSC_0043.jpg" },
      { name: "Reine", description: "" },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "Reine", description: "Reine at dawn — Malmö's cousin" });
  });

  it("are given to older photos by `npm run metadata:backfill`, where the owner typed nothing", async () => {
    const upload = async (copy: string, filename: string) => {
      const data = Buffer.concat([lightroomExport(), Buffer.from(copy)]);
      const response = await uploadImage(server.url, token, { data, filename }, { name: "", description: "" });
      return ((await response.json()) as Image).id;
    };
    const untouched = await upload("older", "DSC_0044.jpg");
    const typed = await upload("typed", "DSC_0045.jpg");
    // As rows stored before the site read a file's text, the second named by its owner since.
    const sqlite = new Database(path.join(server.dataDir, "portfolio.sqlite"));
    const set = sqlite.prepare("UPDATE images SET name = ?, description = ? WHERE id = ?");
    set.run("DSC_0044", "", untouched);
    set.run("Mine", "", typed);
    // The first without the tags its keywords gave, the second with one its owner typed instead.
    sqlite.prepare("DELETE FROM image_tags WHERE image_id = ?").run(untouched);
    sqlite
      .prepare("DELETE FROM image_tags WHERE image_id = ? AND tag_id != (SELECT id FROM tags WHERE slug = 'anna')")
      .run(typed);
    sqlite.close();

    const [node, backfill] = scriptCommand("metadata-backfill");
    const run = spawnSync(node, backfill, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, UPLOADS_DIR: server.uploadsDir },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/took a title or caption from their file/);
    const image = async (id: number) => (await (await fetch(`${server.url}/api/image/${id}`)).json()) as Image;
    expect(await image(untouched)).toMatchObject({
      name: "Lofoten, première lumière",
      description: "Reine at dawn — Malmö's cousin",
      tags: ["Anna", "Norway", "Travel"],
    });
    expect(await image(typed)).toMatchObject({
      name: "Mine",
      description: "Reine at dawn — Malmö's cousin",
      tags: ["Anna"],
    });
  });
});

describe("tag pages", () => {
  /** A photo with these tags and visibility, named `name`. */
  async function tagged(name: string, tags: string[], visibility: "public" | "hidden") {
    const response = await uploadImage(
      server.url,
      token,
      { data: await makeJpeg(64, 48, 7000 + tags.length + name.length), filename: `${name}.jpg` },
      { name, description: "" },
    );
    const { id } = (await response.json()) as Image;
    const put = await fetch(`${server.url}/api/image/${id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ tags, visibility }),
    });
    expect(put.status).toBe(200);
    return id;
  }

  it("list a tag's photos a visitor may see, in its page, its feed, the API and the sitemap; never a hidden one", async () => {
    const shown = await tagged("Pier in fog", ["Foghorn"], "public");
    const hidden = await tagged("Pier unseen", ["Foghorn", "Secret place"], "hidden");
    const page = await fetch(`${server.url}/photography/tags/foghorn`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(pageText(html)).toContain("Foghorn");
    expect(pageText(html)).toContain("1 photo");
    expect(html).toContain('alt="Pier in fog"');
    expect(html).not.toContain("Pier unseen");
    // Its own order, by date taken, is the one marked.
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*>Date taken<\/a>/);

    const feed = await (await fetch(`${server.url}/photography/tags/foghorn/feed.xml`)).text();
    expect(feed).toContain("Pier in fog");
    expect(feed).not.toContain("Pier unseen");

    const tagId = queryDb<{ id: number }>(server.dataDir, "SELECT id FROM tags WHERE slug = 'foghorn'")[0]!.id;
    const listed = (await (await fetch(`${server.url}/api/image?tag=${tagId}`)).json()) as ImagePage;
    expect(listed.images.map((image) => image.id)).toEqual([shown]);

    const tagsPage = pageText(await (await fetch(`${server.url}/photography/tags`)).text());
    expect(tagsPage).toContain("Foghorn");
    expect(tagsPage).not.toContain("Secret place");
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/photography/tags/foghorn<");
    expect(sitemap).not.toContain("secret-place");

    // The owner sees the hidden photo and its tag.
    const owned = await fetch(`${server.url}/photography/tags/secret-place`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(owned.status).toBe(200);
    expect(await owned.text()).toContain('alt="Pier unseen"');
    expect((await fetch(`${server.url}/photography/tags/secret-place`)).status).toBe(404);
    expect((await fetch(`${server.url}/photography/tags/secret-place/feed.xml`)).status).toBe(404);
    expect(hidden).toBeGreaterThan(shown);
  });
});

describe("sortField=taken_at", () => {
  it("orders by date taken, undated photos last in both orders, ties by id, across pages", async () => {
    await upload(await makeJpeg(80, 60, 992), "Undated");
    const dated: Image[] = [];
    for (let i = 0; i < 30; i++) {
      // Dates repeat every 10 photos, so ties are broken by id.
      dated.push(
        await upload(
          await makeDatedJpeg(`2020:01:${String(10 + (i % 10)).padStart(2, "0")} 12:00:00`, 100 + i),
          `D${i}`,
        ),
      );
    }
    const all = (await walk("sortField=uploaded_at")).length;
    // What a visitor's list holds: the public photos (another test here hides one).
    const rows = queryDb<{ id: number; taken_at: number | null }>(
      server.dataDir,
      "SELECT id, taken_at FROM images WHERE visibility = 'public'",
    );
    const undated = rows.filter((row) => row.taken_at === null).map((row) => row.id);
    const withDate = rows.filter((row) => row.taken_at !== null);
    expect(undated.length).toBeGreaterThan(0);

    const newestFirst = [...withDate].sort((a, b) => b.taken_at! - a.taken_at! || b.id - a.id).map((row) => row.id);
    const oldestFirst = [...withDate].sort((a, b) => a.taken_at! - b.taken_at! || a.id - b.id).map((row) => row.id);
    const desc = await walk("sortField=taken_at");
    const asc = await walk("sortField=taken_at&sortOrder=asc");
    expect(desc).toEqual([...newestFirst, ...undated.sort((a, b) => b - a)]);
    expect(asc).toEqual([...oldestFirst, ...undated.sort((a, b) => a - b)]);
    expect(desc).toHaveLength(all);

    // Page numbers give the same order as the cursor.
    const second = await list("sortField=taken_at&page=2");
    expect(second.images.map((image) => image.id)).toEqual(desc.slice(24, 48));
  });

  it("refuses a cursor made for another order", async () => {
    const { nextCursor } = await list("sortField=taken_at");
    const response = await fetch(`${server.url}/api/image?cursor=${nextCursor}`);
    expect(response.status).toBe(400);
  });
});

describe("SHOW_EXIF=false", () => {
  it("leaves the camera line out of the viewer, while the API still carries it", async () => {
    const quiet = await startServer({ env: { SHOW_EXIF: "false" } });
    try {
      const { token: quietToken } = await loginAdmin(quiet.url);
      const response = await uploadImage(quiet.url, quietToken, { data: CAMERA_BYTES, filename: "quiet.jpg" });
      const image = (await response.json()) as Image;
      expect(image.exif?.camera).toBe("FUJIFILM X-T5");
      const html = await (await fetch(`${quiet.url}/photography?image=${image.id}`)).text();
      expect(html).toContain("Taken: June 16, 2024");
      expect(pageText(html)).not.toContain("FUJIFILM X-T5 ·");
      expect(html).not.toContain("/photography/cameras/");
      expect((await fetch(`${quiet.url}/photography/cameras/fujifilm-x-t5`)).status).toBe(404);
      expect(await (await fetch(`${quiet.url}/sitemap.xml`)).text()).not.toContain("/photography/cameras/");
      const shown = await (await fetch(`${server.url}/photography?image=${(await harbour()).id}`)).text();
      expect(pageText(shown)).toContain("FUJIFILM X-T5 ·");
    } finally {
      await quiet.stop();
    }
  });
});
