// Who sees what (docs/behaviour.md#who-sees-what): hidden photos and unlisted
// or private albums against the built server, as a visitor and as the owner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image, ImagePage } from "~/lib/image";
import { makeJpeg } from "../support/images";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };
let seed = 100;

const asOwner = () => ({ Authorization: `Bearer ${session.token}` });

async function createAlbum(name: string, slug: string, visibility: Album["visibility"]): Promise<Album> {
  const response = await fetch(`${server.url}/api/album`, {
    method: "POST",
    headers: { ...asOwner(), "Content-Type": "application/json" },
    body: JSON.stringify({ name, slug, visibility }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Album;
}

async function upload(name: string, fields: { albumId?: number; visibility?: string } = {}): Promise<Image> {
  const form = new FormData();
  form.set("name", name);
  if (fields.albumId !== undefined) form.set("albumId", String(fields.albumId));
  if (fields.visibility !== undefined) form.set("visibility", fields.visibility);
  const data = await makeJpeg(320, 240, seed++);
  form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), `${name}.jpg`);
  const response = await fetch(`${server.url}/api/image`, { method: "POST", headers: asOwner(), body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

async function setVisibility(id: number, visibility: Image["visibility"]): Promise<Image> {
  const response = await fetch(`${server.url}/api/image/${id}`, {
    method: "PUT",
    headers: { ...asOwner(), "Content-Type": "application/json" },
    body: JSON.stringify({ visibility }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Image;
}

const visitor = (path: string, init?: RequestInit) => fetch(server.url + path, init);
const owner = (path: string) => fetch(server.url + path, { headers: { Cookie: session.cookie } });
const text = async (path: string) => (await visitor(path)).text();
const ids = (images: Image[]) => images.map((image) => image.id).sort((a, b) => a - b);

/**
 * An answer as a comparable whole: status, headers (Date aside, the nonce
 * blanked) and body, with `replace` (the asked id or slug in context) blanked in the body.
 */
async function answer(response: Response, replace: [string, string][] = []) {
  let body = await response.text();
  const nonce = /nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const unNonce = (text: string) => (nonce ? text.replaceAll(nonce, "NONCE") : text);
  for (const [from, to] of replace) body = body.replaceAll(from, to);
  const headers = [...response.headers]
    .filter(([name]) => name !== "date")
    .map(([name, value]) => [name, unNonce(value)]);
  return { status: response.status, headers, body: unNonce(body) };
}

/** The id as answers name it: in messages, in links and in API paths. */
const idInContext = (id: number): [string, string][] => [
  [`id ${id}`, "id ID"],
  [`image=${id}`, "image=ID"],
  [`album=${id}`, "album=ID"],
];

/** The variant file name of an image's display URL: `/media/<key>/<file>`. */
const mediaPath = (image: Image) => new URL(image.url, server.url).pathname;

let publicAlbum: Album;
let unlistedAlbum: Album;
let privateAlbum: Album;
let shown: Image;
let hidden: Image;
let hiddenInPublic: Image;
let inPrivate: Image;
let inUnlisted: Image;
let publicInAlbum: Image;

// Uploaded, not seeded: the first test is about the visibility an upload defaults to.
beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  publicAlbum = await createAlbum("Open Album", "open-album", "public");
  unlistedAlbum = await createAlbum("Quiet Album", "quiet-album", "unlisted");
  privateAlbum = await createAlbum("Secret Album", "secret", "private");
  shown = await upload("Shown photo");
  hidden = await upload("Hidden photo", { visibility: "hidden" });
  hiddenInPublic = await upload("Hidden in open", { albumId: publicAlbum.id, visibility: "hidden" });
  inPrivate = await upload("Kept private", { albumId: privateAlbum.id });
  inUnlisted = await upload("Kept unlisted", { albumId: unlistedAlbum.id });
  publicInAlbum = await upload("Public in open", { albumId: publicAlbum.id });
});

afterAll(async () => {
  await server?.stop();
});

describe("the upload and the JSON", () => {
  it("defaults an upload into an unlisted or private album to hidden, else public; the field overrides", () => {
    expect(inPrivate.visibility).toBe("hidden");
    expect(inUnlisted.visibility).toBe("hidden");
    expect(publicInAlbum.visibility).toBe("public");
    expect(shown.visibility).toBe("public");
    expect(hidden.visibility).toBe("hidden");
  });

  it("takes the dashboard's plain upload form's Visibility, empty meaning the album's default", async () => {
    const post = async (name: string, fields: Record<string, string>) => {
      const form = new FormData();
      form.set("name", name);
      for (const [field, value] of Object.entries(fields)) form.set(field, value);
      const data = await makeJpeg(320, 240, seed++);
      form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), `${name}.jpg`);
      const response = await fetch(`${server.url}/photography/admin/upload`, {
        method: "POST",
        headers: { Cookie: session.cookie, Origin: server.url },
        body: form,
        redirect: "manual",
      });
      expect(response.status).toBe(303);
    };
    await post("Plain hidden", { visibility: "hidden" });
    await post("Plain into private", { albumId: String(privateAlbum.id), visibility: "" });
    await post("Plain public", { visibility: "" });
    const all = (await (await fetch(`${server.url}/api/image`, { headers: asOwner() })).json()) as ImagePage;
    const visibilityOf = (name: string) => all.images.find((image) => image.name === name)?.visibility;
    expect(visibilityOf("Plain hidden")).toBe("hidden");
    expect(visibilityOf("Plain into private")).toBe("hidden");
    expect(visibilityOf("Plain public")).toBe("public");
    // Gone again: the lists below expect the photos made before all.
    for (const image of all.images.filter((candidate) => candidate.name.startsWith("Plain "))) {
      const deleted = await fetch(`${server.url}/api/image/${image.id}`, { method: "DELETE", headers: asOwner() });
      expect(deleted.status).toBe(204);
    }
  });

  it("refuses an unknown visibility, naming the field", async () => {
    const response = await fetch(`${server.url}/api/image/${shown.id}`, {
      method: "PUT",
      headers: { ...asOwner(), "Content-Type": "application/json" },
      body: JSON.stringify({ visibility: "secret" }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/visibility/);
    const album = await fetch(`${server.url}/api/album/${publicAlbum.id}`, {
      method: "PUT",
      headers: { ...asOwner(), "Content-Type": "application/json" },
      body: JSON.stringify({ visibility: "hidden" }),
    });
    expect(album.status).toBe(400);
  });

  it("gives albums their visibility in the JSON", async () => {
    expect([publicAlbum.visibility, unlistedAlbum.visibility, privateAlbum.visibility]).toEqual([
      "public",
      "unlisted",
      "private",
    ]);
  });
});

describe("a visitor", () => {
  const publicIds = () => ids([shown, publicInAlbum]);

  it("sees only public photos in the API's list and its pages", async () => {
    const page = (await (await visitor("/api/image")).json()) as ImagePage;
    expect(ids(page.images)).toEqual(publicIds());
    const byName = (await (await visitor("/api/image?sortField=name&sortOrder=asc")).json()) as ImagePage;
    expect(ids(byName.images)).toEqual(publicIds());
  });

  it("sees only public photos in the gallery, its feed and random picks", async () => {
    const gallery = await text("/photography");
    const feed = await text("/photography/feed.xml");
    const random = (await (await visitor("/api/image/random?count=50")).json()) as Image[];
    const home = await text("/?tab=photography");
    for (const page of [gallery, feed, home]) {
      expect(page).toContain(shown.name);
      for (const image of [hidden, hiddenInPublic, inPrivate, inUnlisted]) {
        expect(page).not.toContain(image.name);
        expect(page).not.toContain(mediaPath(image).split("/")[2]);
      }
    }
    expect(ids(random)).toEqual(publicIds());
  });

  it("sees a hidden photo in the public album that holds it", async () => {
    const list = (await (await visitor(`/api/image?album=${publicAlbum.id}`)).json()) as ImagePage;
    expect(ids(list.images)).toEqual(ids([hiddenInPublic, publicInAlbum]));
    expect(await text("/photography/albums/open-album")).toContain(hiddenInPublic.name);
    const deepLink = await visitor(`/photography/albums/open-album?image=${hiddenInPublic.id}`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain(`og:image" content="${server.url}${mediaPath(hiddenInPublic)}`);
    expect((await visitor(`/api/image/${hiddenInPublic.id}`)).status).toBe(200);
    expect(await text("/photography/albums/open-album/feed.xml")).toContain(hiddenInPublic.name);
  });

  it("does not see a hidden photo in the gallery's viewer, even when a public album holds it", async () => {
    expect((await visitor(`/photography?image=${hiddenInPublic.id}`)).status).toBe(404);
  });

  it("reaches an unlisted album by its address, unindexed, but never sees it listed", async () => {
    const page = await visitor("/photography/albums/quiet-album");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(inUnlisted.name);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(await text("/photography/albums")).not.toContain("Quiet Album");
    const albums = ((await (await visitor("/api/album")).json()) as { albums: Album[] }).albums;
    expect(albums.map((album) => album.slug)).toEqual(["open-album"]);
    const sitemap = await text("/sitemap.xml");
    expect(sitemap).toContain("/photography/albums/open-album");
    expect(sitemap).not.toContain("quiet-album");
    expect(sitemap).not.toContain("secret");
    expect(await text("/photography/albums/open-album")).not.toMatch(/name="robots"/);
  });

  it("never learns an unlisted or private album's id from a photo", async () => {
    const image = (await (await visitor(`/api/image/${inUnlisted.id}`)).json()) as Image;
    expect(image.albumIds).toEqual([]);
    const ownerView = (await (
      await fetch(`${server.url}/api/image/${inUnlisted.id}`, { headers: asOwner() })
    ).json()) as Image;
    expect(ownerView.albumIds).toEqual([unlistedAlbum.id]);
  });

  it("gets 404 for a private album everywhere, and the owner gets it", async () => {
    for (const path of [
      "/photography/albums/secret",
      "/photography/albums/secret/feed.xml",
      `/photography/albums/secret?image=${inPrivate.id}`,
      `/api/album/${privateAlbum.id}`,
      `/api/image?album=${privateAlbum.id}`,
      `/api/image/${inPrivate.id}`,
    ]) {
      expect((await visitor(path)).status, path).toBe(404);
      expect((await owner(path)).status, path).toBe(200);
    }
  });
});

describe("not found means not found", () => {
  // Ids and slugs of the same length as the hidden ones, so not even a Content-Length differs.
  const missingId = 9;

  it("answers a hidden photo by id as a missing one, in the API and the viewer", async () => {
    expect(String(missingId)).toHaveLength(String(hidden.id).length);
    for (const path of ["/api/image/ID", "/photography?image=ID", "/photography/albums/open-album?image=ID"]) {
      const hiddenAnswer = await answer(await visitor(path.replace("ID", String(hidden.id))), idInContext(hidden.id));
      const missingAnswer = await answer(await visitor(path.replace("ID", String(missingId))), idInContext(missingId));
      expect(hiddenAnswer.status, path).toBe(404);
      expect(hiddenAnswer, path).toEqual(missingAnswer);
    }
  });

  it("answers a private album as a missing one, page, feed and API", async () => {
    for (const [path, absent] of [
      ["/photography/albums/secret", "/photography/albums/absent"],
      ["/photography/albums/secret/feed.xml", "/photography/albums/absent/feed.xml"],
    ] as const) {
      const privateAnswer = await answer(await visitor(path), [["albums/secret", "albums/SLUG"]]);
      const missingAnswer = await answer(await visitor(absent), [["albums/absent", "albums/SLUG"]]);
      expect(privateAnswer.status).toBe(404);
      expect(privateAnswer).toEqual(missingAnswer);
    }
    const missingAlbumId = 8;
    for (const path of ["/api/album/ID", "/api/image?album=ID"]) {
      const privateAnswer = await answer(
        await visitor(path.replace("ID", String(privateAlbum.id))),
        idInContext(privateAlbum.id),
      );
      const missingAnswer = await answer(
        await visitor(path.replace("ID", String(missingAlbumId))),
        idInContext(missingAlbumId),
      );
      expect(privateAnswer.status).toBe(404);
      expect(privateAnswer).toEqual(missingAnswer);
    }
  });

  it("answers a hidden photo's media as a missing file", async () => {
    const path = mediaPath(hidden);
    const key = path.split("/")[2]!;
    const otherKey = key.replace(/./g, (c) => (c === "a" ? "b" : "a"));
    const hiddenAnswer = await answer(await visitor(path));
    const missingAnswer = await answer(await visitor(path.replace(key, otherKey)));
    expect(hiddenAnswer.status).toBe(404);
    expect(hiddenAnswer).toEqual(missingAnswer);
  });
});

describe("media", () => {
  it("keeps a public photo's media public and a hidden one's private to whoever may see it", async () => {
    const publicMedia = await visitor(mediaPath(shown));
    expect(publicMedia.status).toBe(200);
    expect(publicMedia.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const ownerMedia = await owner(mediaPath(hidden));
    expect(ownerMedia.status).toBe(200);
    expect(ownerMedia.headers.get("cache-control")).toMatch(/^private/);

    // Anyone may see a hidden photo in a public album, but no shared cache may keep it.
    const inAlbum = await visitor(mediaPath(hiddenInPublic));
    expect(inAlbum.status).toBe(200);
    expect(inAlbum.headers.get("cache-control")).toBe("private, max-age=60");
    expect((await visitor(mediaPath(inPrivate))).status).toBe(404);
  });

  it("stops serving a URL copied while the photo was public as soon as it is hidden", async () => {
    const [photo] = (await seedImages(server, session.token, [{ name: "Soon hidden" }])) as [Image];
    const path = mediaPath(photo);
    // Twice: the second answer comes from the server's memory.
    expect((await visitor(path)).status).toBe(200);
    expect((await visitor(path)).status).toBe(200);
    await setVisibility(photo.id, "hidden");
    await expect.poll(async () => (await visitor(path)).status, { timeout: 60_000 }).toBe(404);
    await setVisibility(photo.id, "public");
    expect((await visitor(path)).status).toBe(200);
    // Gone again: a visitor's lists in the other tests hold the photos made before all.
    expect((await fetch(`${server.url}/api/image/${photo.id}`, { method: "DELETE", headers: asOwner() })).status).toBe(
      204,
    );
  });
});

describe("the page cache and the owner", () => {
  it("never serves a since-hidden photo from the anonymous page cache", async () => {
    const [photo] = (await seedImages(server, session.token, [{ name: "Cached then hidden" }])) as [Image];
    // The first render is kept; the second is answered from the cache.
    expect(await text("/photography")).toContain(photo.name);
    expect(await text("/photography")).toContain(photo.name);
    await setVisibility(photo.id, "hidden");
    expect(await text("/photography")).not.toContain(photo.name);
  });

  it("shows the owner everything, labelled, and never keeps the owner's page for visitors", async () => {
    const page = await owner("/photography");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(hidden.name);
    expect(html).toMatch(/class="visibility-label visibility-label--hidden"/);
    const visitorHtml = await text("/photography");
    expect(visitorHtml).not.toContain(hidden.name);
    expect(visitorHtml).not.toContain("visibility-label");
    // A visitor who may open an album sees its hidden photos as any other: the label is the owner's.
    const openAlbum = await text("/photography/albums/open-album");
    expect(openAlbum).toContain(hiddenInPublic.name);
    expect(openAlbum).not.toContain("visibility-label");
    expect(await (await owner("/photography/albums/open-album")).text()).toMatch(/visibility-label--hidden/);

    const albums = await (await owner("/photography/albums")).text();
    expect(albums).toContain("Quiet Album");
    expect(albums).toContain("Secret Album");
    expect(albums).toMatch(/visibility-label--unlisted/);
    expect(albums).toMatch(/visibility-label--private/);

    const list = await fetch(`${server.url}/api/image`, { headers: asOwner() });
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(((await list.json()) as ImagePage).images.map((image) => image.id)).toContain(hidden.id);
  });

  it("makes a photo public again through the API, and the gallery shows it", async () => {
    const again = await setVisibility(hidden.id, "public");
    expect(again.visibility).toBe("public");
    expect(await text("/photography")).toContain(hidden.name);
    await setVisibility(hidden.id, "hidden");
    expect(await text("/photography")).not.toContain(hidden.name);
  });
});
