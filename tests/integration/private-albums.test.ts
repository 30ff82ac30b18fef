// Private means private (record 067): a public photo that joins an unlisted or private album by any of the owner's
// ways (select mode, the viewer's edit form, an upload into it, PUT albumIds, the batch API) is hidden from public
// lists unless the owner keeps it public; the forms say so before and after; the album admin page counts the album's
// public photos and hides them in one step; the upload's automatic visibility reads right for "No album".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image, ImagePage } from "~/lib/image";
import { makeJpeg } from "../support/images";
import { seedPhotos } from "../support/seed";
import { loginAdmin, pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };

const asOwner = () => ({ Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" });

async function api<T>(method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const response = await fetch(server.url + path, {
    method,
    headers: asOwner(),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
  return (await response.json()) as T;
}

let albumNumber = 0;
const createAlbum = (visibility: Album["visibility"], name = `Album ${++albumNumber}`) =>
  api<Album>("POST", "/api/album", { name, visibility }, 201);

let photoNumber = 0;
/** Public photos (the seed fixture), named after the test. */
const seed = (count: number, prefix: string) =>
  seedPhotos(
    server,
    Array.from({ length: count }, () => ({ name: `${prefix} ${++photoNumber}`, photo: photoNumber })),
  );

const visibilityOf = async (id: number) => (await api<Image>("GET", `/api/image/${id}`)).visibility;

/** Every photo of a visitor's list from `/api/image`, page after page. */
async function visitorList(): Promise<number[]> {
  const ids: number[] = [];
  let cursor = "";
  for (;;) {
    const page = (await (await fetch(`${server.url}/api/image?cursor=${cursor}`)).json()) as ImagePage;
    ids.push(...page.images.map((image) => image.id));
    if (!page.nextCursor) return ids;
    cursor = encodeURIComponent(page.nextCursor);
  }
}

/** The photos a visitor finds: the API's list, the gallery's deep link (404 when not in it), the feed. */
async function inPublicLists(ids: number[]): Promise<Record<string, number[]>> {
  const list = await visitorList();
  const feed = await (await fetch(`${server.url}/photography/feed.xml`)).text();
  const inGallery = await Promise.all(
    ids.map(async (id) => (await fetch(`${server.url}/photography?image=${id}`)).status === 200),
  );
  return {
    api: ids.filter((id) => list.includes(id)),
    gallery: ids.filter((_, index) => inGallery[index]),
    feed: ids.filter((id) => feed.includes(`image=${id}"`)),
  };
}

/** A page's text as read: tags dropped, the entities React writes for quotes read back. */
const readable = (html: string) => pageText(html).replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

/** A form posted as a browser without JavaScript posts it; answered as it comes (no redirect followed). */
function postForm(path: string, fields: [string, string][]) {
  return fetch(server.url + path, {
    method: "POST",
    headers: { Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const ownerPage = async (path: string) =>
  readable(await (await fetch(server.url + path, { headers: { Cookie: session.cookie } })).text());

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
});
afterAll(() => server?.stop());

describe("the batch API", () => {
  it("hides public photos added to a private or unlisted album, counts them, and keepPublic keeps them", async () => {
    const wedding = await createAlbum("private", "Wedding");
    const quiet = await createAlbum("unlisted");
    const open = await createAlbum("public");
    const [a, b, c, d] = await seed(4, "Batch");
    const [hiddenAlready] = await seedPhotos(server, [{ name: "Batch hidden", visibility: "hidden" }]);
    const ids = [a!, b!, c!, d!];
    expect((await inPublicLists(ids)).api).toEqual(ids);

    const added = await api<{ changed: number; hidden: number; hiddenBy: unknown; results: unknown[] }>(
      "POST",
      "/api/image/batch",
      { action: "add-to-album", albumId: wedding.id, ids: [a, hiddenAlready] },
    );
    // Only the public one counts: the hidden one stays as it was.
    expect(added).toMatchObject({ changed: 2, hidden: 1, hiddenBy: { name: "Wedding", visibility: "private" } });
    expect(added.results).toEqual([
      { id: a, ok: true, hidden: true },
      { id: hiddenAlready, ok: true },
    ]);
    await api("POST", "/api/image/batch", { action: "add-to-album", albumId: quiet.id, ids: [b] });
    await api("POST", "/api/image/batch", { action: "add-to-album", albumId: open.id, ids: [c] });
    const kept = await api<{ hidden: number }>("POST", "/api/image/batch", {
      action: "add-to-album",
      albumId: wedding.id,
      ids: [d],
      keepPublic: true,
    });
    expect(kept.hidden).toBe(0);

    expect([await visibilityOf(a!), await visibilityOf(b!), await visibilityOf(c!), await visibilityOf(d!)]).toEqual([
      "hidden",
      "hidden",
      "public",
      "public",
    ]);
    expect(await inPublicLists(ids)).toEqual({ api: [c, d], gallery: [c, d], feed: [c, d] });
    // Still in its album for whoever may open it.
    const inAlbum = await api<ImagePage>("GET", `/api/image?album=${wedding.id}`);
    expect(inAlbum.images.map((image) => image.id)).toContain(a);
  });

  it("refuses a keepPublic that is not true or false, naming it, and changes nothing", async () => {
    const album = await createAlbum("private");
    const [photo] = await seed(1, "Batch refused");
    const refused = await api<{ message: string }>(
      "POST",
      "/api/image/batch",
      { action: "add-to-album", albumId: album.id, ids: [photo], keepPublic: "yes" },
      400,
    );
    expect(refused.message).toBe("keepPublic must be true or false");
    expect(await visibilityOf(photo!)).toBe("public");
  });
});

describe("PUT /api/image/{id} with albumIds", () => {
  it("hides a public photo that joins a private album unless keepPublic is true", async () => {
    const album = await createAlbum("private");
    const [hidden, kept, refused] = await seed(3, "Put");
    expect((await api<Image>("PUT", `/api/image/${hidden}`, { albumIds: [album.id] })).visibility).toBe("hidden");
    const keptAnswer = await api<Image>("PUT", `/api/image/${kept}`, { albumIds: [album.id], keepPublic: true });
    expect(keptAnswer.visibility).toBe("public");
    const refusal = await api<{ message: string }>(
      "PUT",
      `/api/image/${refused}`,
      { albumIds: [album.id], keepPublic: 1 },
      400,
    );
    expect(refusal.message).toBe("keepPublic must be true or false");
    expect(await inPublicLists([hidden!, kept!, refused!])).toEqual({
      api: [kept, refused],
      gallery: [kept, refused],
      feed: [kept, refused],
    });
    // A photo already in the album, made public again by the owner, stays public: only joining hides.
    await api("PUT", `/api/image/${hidden}`, { visibility: "public" });
    expect((await api<Image>("PUT", `/api/image/${hidden}`, { albumIds: [album.id] })).visibility).toBe("public");
  });
});

describe("select mode", () => {
  it("marks unlisted and private albums in its menu, with the hint and the checkbox", async () => {
    await createAlbum("private", "Menu private");
    await createAlbum("unlisted", "Menu unlisted");
    const html = await (
      await fetch(`${server.url}/photography?select=1`, { headers: { Cookie: session.cookie } })
    ).text();
    expect(readable(html)).toContain("Menu private (private)");
    expect(readable(html)).toContain("Menu unlisted (unlisted)");
    expect(readable(html)).toContain(
      'Photos added to an unlisted or private album are hidden from public pages (the gallery, feeds and search) unless you tick "Keep them public".',
    );
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*name="keepPublic"/);
  });

  it("hides what it adds to a private album and says how many; Keep them public keeps them", async () => {
    const album = await createAlbum("private", "Select wedding");
    const [a, b, c] = await seed(3, "Select");
    const add = (ids: number[], keep: boolean) =>
      postForm("/photography?select=1", [
        ["intent", "batch"],
        ["operation", "add-to-album"],
        ["albumId", String(album.id)],
        ...ids.map((id): [string, string] => ["ids", String(id)]),
        ...(keep ? [["keepPublic", "1"] as [string, string]] : []),
      ]);
    const answer = await add([a!, b!], false);
    expect(answer.status).toBe(200);
    expect(readable(await answer.text())).toContain(
      "2 photos added to the album. 2 were hidden from public pages (Select wedding is private).",
    );
    const kept = await add([c!], true);
    const keptText = readable(await kept.text());
    expect(keptText).toContain("1 photo added to the album.");
    expect(keptText).not.toMatch(/(was|were) hidden from public pages/);
    expect(await inPublicLists([a!, b!, c!])).toEqual({ api: [c], gallery: [c], feed: [c] });
  });
});

describe("the viewer's edit form", () => {
  const save = (photo: number, albumId: number, keep: boolean) =>
    postForm(`/photography?image=${photo}&edit=1`, [
      ["intent", "update"],
      ["id", String(photo)],
      ["name", `Edited ${photo}`],
      ["description", ""],
      ["visibility", "public"],
      ["shownAlbumIds", String(albumId)],
      ["albumIds", String(albumId)],
      ["redirectTo", `/photography?image=${photo}`],
      ...(keep ? [["keepPublic", "1"] as [string, string]] : []),
    ]);

  it("marks the private album, hides a photo ticked into it and says so after; Keep them public keeps it", async () => {
    const album = await createAlbum("private", "Edit wedding");
    const [hidden, kept] = await seed(2, "Edit");
    const form = await ownerPage(`/photography?image=${hidden}&edit=1`);
    expect(form).toContain("Edit wedding (private)");
    expect(form).toContain('unless you tick "Keep them public"');

    const saved = await save(hidden!, album.id, false);
    expect(saved.status).toBe(303);
    expect(await visibilityOf(hidden!)).toBe("hidden");
    // After the redirect, as on any later visit: why the photo is not on public pages.
    expect(await ownerPage(saved.headers.get("location")!)).toContain(
      "Hidden from public pages: it is in Edit wedding (private).",
    );

    expect((await save(kept!, album.id, true)).status).toBe(303);
    expect(await visibilityOf(kept!)).toBe("public");
    expect(await ownerPage(`/photography?image=${kept}`)).not.toContain("Hidden from public pages");
    expect(await inPublicLists([hidden!, kept!])).toEqual({ api: [kept], gallery: [kept], feed: [kept] });
  });
});

describe("an upload into an album (its subject is the upload: real files)", () => {
  let seedByte = 40;
  async function upload(path: string, fields: Record<string, string>, headers: Record<string, string>) {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.set(field, value);
    const data = await makeJpeg(320, 240, seedByte++);
    form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), `${fields.name}.jpg`);
    return fetch(server.url + path, { method: "POST", headers, body: form, redirect: "manual" });
  }

  it("hides it in a private album unless Public was chosen, and the plain form's report says how many", async () => {
    const album = await createAlbum("private", "Upload wedding");
    const automatic = await upload("/api/image", { name: "Up auto", albumId: String(album.id) }, asOwnerAuth());
    expect(((await automatic.json()) as Image).visibility).toBe("hidden");
    const chosen = await upload(
      "/api/image",
      { name: "Up public", albumId: String(album.id), visibility: "public" },
      asOwnerAuth(),
    );
    expect(((await chosen.json()) as Image).visibility).toBe("public");

    const plain = await upload(
      "/photography/admin/upload",
      { name: "Up plain", albumId: String(album.id), visibility: "" },
      { Cookie: session.cookie, Origin: server.url },
    );
    expect(plain.status).toBe(303);
    const report = plain.headers.get("set-cookie")!.split(";")[0]!;
    const dashboard = await fetch(`${server.url}/photography/admin`, {
      headers: { Cookie: `${session.cookie}; ${report}` },
    });
    expect(readable(await dashboard.text())).toContain("1 was hidden from public pages (Upload wedding is private).");
  });

  const asOwnerAuth = () => ({ Authorization: `Bearer ${session.token}` });
});

describe("the upload form's Visibility", () => {
  it("reads right for No album: the plain form's automatic choice says public first, the script's says public", async () => {
    await createAlbum("private", "Dashboard private");
    const html = readable(
      await (await fetch(`${server.url}/photography/admin`, { headers: { Cookie: session.cookie } })).text(),
    );
    expect(html).toContain("Automatic: public, or hidden in an unlisted or private album");
    // The dropzone's form (drawn with "No album" chosen) names the outcome for that choice.
    expect(html).toContain("Automatic: public (no album)");
    expect(html).not.toContain("As the album");
    expect(html).toContain("Dashboard private (private)");
    expect(html).toContain('unless you choose Visibility "Public"');
  });
});

describe("the album admin page", () => {
  it("counts an unlisted or private album's public photos and hides exactly those in one step", async () => {
    const album = await createAlbum("public", "Later private");
    const [a, b] = await seed(2, "Admin");
    const [hiddenOne] = await seedPhotos(server, [{ name: "Admin hidden", visibility: "hidden" }]);
    const [elsewhere] = await seed(1, "Admin elsewhere");
    await api("PUT", `/api/image/${a}`, { albumIds: [album.id] });
    await api("PUT", `/api/image/${b}`, { albumIds: [album.id] });
    await api("PUT", `/api/image/${hiddenOne}`, { albumIds: [album.id] });
    const page = `/photography/admin/albums/${album.slug}`;
    // Public: nothing to say.
    expect(await ownerPage(page)).not.toContain("public elsewhere");

    await api("PUT", `/api/album/${album.id}`, { visibility: "private" });
    const before = await ownerPage(page);
    expect(before).toContain("2 of its photos are public elsewhere (in the gallery, feeds and search).");
    expect(before).toContain("Hide them");

    const hid = await postForm(page, [["intent", "hide-public"]]);
    expect(hid.status).toBe(303);
    expect(hid.headers.get("location")).toBe(page);
    const notice = hid.headers.get("set-cookie")!.split(";")[0]!;
    const after = readable(
      await (await fetch(server.url + page, { headers: { Cookie: `${session.cookie}; ${notice}` } })).text(),
    );
    expect(after).toContain("2 photos hidden from public pages: they show only in the albums that hold them.");
    expect(after).not.toContain("public elsewhere");
    expect(await inPublicLists([a!, b!, elsewhere!])).toEqual({
      api: [elsewhere],
      gallery: [elsewhere],
      feed: [elsewhere],
    });
    expect(await visibilityOf(hiddenOne!)).toBe("hidden");
  });

  it("refuses Hide them on a public album", async () => {
    const album = await createAlbum("public", "Stays public");
    const refused = await postForm(`/photography/admin/albums/${album.slug}`, [["intent", "hide-public"]]);
    expect(refused.status).toBe(400);
    expect(readable(await refused.text())).toContain("A public album's photos stay public.");
  });
});
