// The caches in front of who sees what (docs/decisions/090-access-caches.md): the access kept for a browser's
// headers, each stored key's keeper and a hidden photo's openings (the media gate), and the pages rendered for a
// signed-in owner or a link's client. Each test warms them (a page's second request is answered from the cache),
// makes one change, and the very next request must see it: a revoke, an expiry, a visibility change, an album
// change, a sign-out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { rawGet, type RawAnswer } from "../support/conditional";
import { storageKeyOf } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { shareKit } from "../support/share-links";

let server: TestServer;
let session: { token: string; cookie: string };
let kit: ReturnType<typeof shareKit>;

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  kit = shareKit(server, session);
});

afterAll(async () => {
  await server?.stop();
});

/** A page the fast path answered from its cache: its length known up front, where a render streams. */
const fromCache = (answer: RawAnswer) => answer.headers["transfer-encoding"] === undefined;

/** Renders the page for `cookie`, then checks the next request is answered from the cache; returns that answer. */
async function cachedPage(path: string, cookie: string): Promise<string> {
  const rendered = await rawGet(server.url + path, { Cookie: cookie });
  expect(rendered.status).toBe(200);
  expect(fromCache(rendered)).toBe(false);
  const cached = await rawGet(server.url + path, { Cookie: cookie });
  expect(cached.status).toBe(200);
  expect(fromCache(cached), `${path} from the cache`).toBe(true);
  return cached.body.toString();
}

const mediaPath = (image: Image) => new URL(image.url, server.url).pathname;
const mediaStatus = async (image: Image, cookie?: string) => (await kit.get(mediaPath(image), cookie)).status;

function putImage(image: Image, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.url}/api/image/${image.id}`, {
    method: "PUT",
    headers: kit.asOwner(),
    body: JSON.stringify(body),
  });
}

/** A private album with one hidden photo, a link's client inside it: media and page warmed. */
async function clientInside(slug: string, link: Record<string, unknown> = {}) {
  const album: Album = await kit.createAlbum(`Album ${slug}`, slug);
  const photo = await kit.addPhoto(`photo-${slug}`, album.id);
  const created = await kit.createLink(album.id, link);
  const grant = await kit.openLink(created);
  const albumPath = `/photography/albums/${slug}`;
  expect(await mediaStatus(photo, grant)).toBe(200);
  expect(await mediaStatus(photo, grant)).toBe(200);
  expect(await cachedPage(albumPath, grant)).toContain(storageKeyOf(photo));
  return { album, photo, link: created, grant, albumPath };
}

describe("a link's client", () => {
  it("loses the album and its media on the request after a revoke", async () => {
    const { album, photo, link, grant, albumPath } = await clientInside("revoked-inside");
    const revoked = await fetch(`${server.url}/api/album/${album.id}/links/${link.id}`, {
      method: "DELETE",
      headers: kit.asOwner(),
    });
    expect(revoked.status).toBe(204);
    expect(await mediaStatus(photo, grant)).toBe(404);
    const page = await kit.get(albumPath, grant);
    expect(page.status).toBe(410);
    expect(await page.text()).not.toContain(storageKeyOf(photo));
  });

  it("loses them on the first request after the link's expiry, with nothing written meanwhile", async () => {
    // Long enough to warm every cache on a busy machine; then the test waits for the clock itself to pass it.
    const expiresAt = new Date(Date.now() + 4000);
    const { photo, grant, albumPath } = await clientInside("expiring-inside", { expiresAt: expiresAt.toISOString() });
    expect(Date.now()).toBeLessThan(expiresAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 1));
    expect(await mediaStatus(photo, grant)).toBe(404);
    const page = await kit.get(albumPath, grant);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("<h1>This link has expired</h1>");
  });

  it("loses a photo taken out of the album on the next request, media and page alike", async () => {
    const { photo, grant, albumPath } = await clientInside("album-change");
    expect((await putImage(photo, { albumIds: [] })).status).toBe(200);
    expect(await mediaStatus(photo, grant)).toBe(404);
    const page = await kit.get(albumPath, grant);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(storageKeyOf(photo));
  });

  it("is the only one its cached page reaches", async () => {
    const { grant, albumPath, photo } = await clientInside("one-browser");
    for (const cookie of [`${grant.split("=")[0]}=forged`, undefined]) {
      const other = await kit.get(albumPath, cookie);
      expect(other.status).toBe(404);
      expect(await other.text()).not.toContain(storageKeyOf(photo));
    }
  });

  it("sees a photo added to the album on the next request, media and page alike", async () => {
    const { album, grant, albumPath } = await clientInside("album-addition");
    const added = await kit.addPhoto("added-later");
    expect(await mediaStatus(added, grant)).toBe(404);
    expect((await putImage(added, { albumIds: [album.id] })).status).toBe(200);
    expect(await mediaStatus(added, grant)).toBe(200);
    expect(await (await kit.get(albumPath, grant)).text()).toContain(storageKeyOf(added));
  });
});

describe("anyone", () => {
  it("loses a public photo on the request after it is hidden, media and a client's gallery page, and gets it back when it is shown", async () => {
    const { grant } = await clientInside("visibility-change");
    const photo = await kit.addPhoto("public-then-hidden");
    expect((await putImage(photo, { visibility: "public" })).status).toBe(200);
    const url = `${server.url}${mediaPath(photo)}`;
    expect((await rawGet(url)).status).toBe(200);
    expect((await rawGet(url)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The gallery as that client's browser has it kept.
    expect(await cachedPage("/photography", grant)).toContain(storageKeyOf(photo));
    expect((await putImage(photo, { visibility: "hidden" })).status).toBe(200);
    expect((await rawGet(url)).status).toBe(404);
    expect(await (await kit.get("/photography", grant)).text()).not.toContain(storageKeyOf(photo));
    expect((await putImage(photo, { visibility: "public" })).status).toBe(200);
    expect((await rawGet(url)).status).toBe(200);
  });
});

describe("the owner", () => {
  it("is a visitor on the request after signing out: no cached page of theirs, no hidden media", async () => {
    const own = await loginAdmin(server.url);
    const hidden = await kit.addPhoto("owner-only");
    expect(await mediaStatus(hidden, own.cookie)).toBe(200);
    expect(await cachedPage("/photography", own.cookie)).toContain(storageKeyOf(hidden));
    const out = await fetch(`${server.url}/api/auth/logout`, {
      method: "POST",
      headers: { Cookie: own.cookie, Origin: server.url },
    });
    expect(out.status).toBe(204);
    expect(await mediaStatus(hidden, own.cookie)).toBe(404);
    const page = await rawGet(`${server.url}/photography`, { Cookie: own.cookie });
    expect(page.status).toBe(200);
    expect(page.body.toString()).not.toContain(storageKeyOf(hidden));
  });
});
