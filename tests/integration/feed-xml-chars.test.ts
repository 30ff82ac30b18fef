// Characters XML 1.0 forbids (U+FFFE, U+FFFF, lone surrogates, C0 controls)
// must never reach a feed: typed in an upload, sent in an edit, or already in
// the database from before input cleaning caught them. One of them makes the
// whole feed unreadable for every subscriber.
import Database from "better-sqlite3";
import { XMLValidator } from "fast-xml-parser";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

/**
 * Anything outside XML 1.0's `Char` production (section 2.2); fast-xml-parser's
 * validator checks the markup only, so the characters are checked here.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NON_CHARACTERS = "\uFFFE\uFFFF";
const LONE_SURROGATES = "\uD800 \uDFFF";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
});
afterAll(() => server?.stop());

async function api(path: string, method: string, body: unknown): Promise<Response> {
  return fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    // JSON.stringify writes a lone surrogate as its \u escape, which JSON.parse on the server restores.
    body: JSON.stringify(body),
  });
}

async function upload(name: string, description: string, seed: number): Promise<Image> {
  const response = await uploadImage(
    server.url,
    token,
    { data: await makeJpeg(320, 200, seed), filename: `photo-${seed}.jpg` },
    { name, description },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

/** Writes as an older version of the site could have: straight into the database, no cleaning. */
function writeOlderData(imageId: number, albumId: number): void {
  const sqlite = new Database(path.join(server.dataDir, "portfolio.sqlite"));
  try {
    // char() builds the code points in SQL: a JS string would lose a lone surrogate on its way to UTF-8.
    const dirty = "'Old ' || char(65534) || char(65535) || char(55296) || char(1) || ' row'";
    sqlite.prepare(`UPDATE images SET name = ${dirty}, description = ${dirty} WHERE id = ?`).run(imageId);
    sqlite.prepare(`UPDATE albums SET name = ${dirty}, description = ${dirty} WHERE id = ?`).run(albumId);
  } finally {
    sqlite.close();
  }
}

async function expectWellFormed(feedPath: string, titles: string[]): Promise<void> {
  const response = await fetch(server.url + feedPath);
  expect(response.status).toBe(200);
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(xml.match(NOT_XML_CHAR)?.[0].codePointAt(0)?.toString(16), feedPath).toBeUndefined();
  for (const title of titles) expect(xml).toContain(title);
}

describe("feeds with characters XML 1.0 forbids in names and descriptions", () => {
  it("stay well-formed XML, the gallery's and the album's", async () => {
    // Uploaded: the upload's own cleaning of what it is sent. The others' text is written after (the seed fixture).
    const uploaded = await upload(`Upload ${NON_CHARACTERS}end`, `Text ${NON_CHARACTERS}\u0001end`, 1);
    const [edited, older] = (await seedImages(server, token, [{ name: "To be edited" }, { name: "To be aged" }])) as [
      Image,
      Image,
    ];

    const albumResponse = await api("/api/album", "POST", { name: `Album ${NON_CHARACTERS}`, description: "" });
    expect(albumResponse.status).toBe(201);
    const album = (await albumResponse.json()) as { id: number; slug: string };
    const agedAlbumResponse = await api("/api/album", "POST", { name: "Aged album", description: "" });
    const agedAlbum = (await agedAlbumResponse.json()) as { id: number; slug: string };

    const edit = await api(`/api/image/${edited.id}`, "PUT", {
      name: `Edited ${NON_CHARACTERS}${LONE_SURROGATES}end`,
      description: `Edited ${LONE_SURROGATES}${NON_CHARACTERS}`,
      albumIds: [album.id, agedAlbum.id],
    });
    expect(edit.status).toBe(200);
    for (const photo of [uploaded, older]) {
      expect((await api(`/api/image/${photo.id}`, "PUT", { albumIds: [album.id, agedAlbum.id] })).status).toBe(200);
    }
    writeOlderData(older.id, agedAlbum.id);

    // What the cleaning leaves; the older row's lone surrogate reads back as U+FFFD, a character XML allows.
    const titles = ["<title>Upload end</title>", "<title>Edited  end</title>", "<title>Old "];
    await expectWellFormed("/photography/feed.xml", titles);
    await expectWellFormed(`/photography/albums/${album.slug}/feed.xml`, [
      ...titles,
      "<title>Album | Alex Sample</title>",
    ]);
    await expectWellFormed(`/photography/albums/${agedAlbum.slug}/feed.xml`, titles);
  });
});
