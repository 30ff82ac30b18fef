// Share links (docs/behaviour.md#share-links, record 040) against the built
// server: the owner's API, opening `/s/<token>`, the password form, and what a
// grant opens (its album alone) for how long (until revoked or expired).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { makeJpeg } from "../support/images";
import { cookieFrom, fromIp } from "../support/logins";
import { loginAdmin, startServer, type TestServer } from "../support/server";

interface Link {
  id: number;
  albumId: number;
  label: string;
  hasPassword: boolean;
  expiresAt: string | null;
  download: string;
  createdAt: string;
  lastUsedAt: string | null;
  viewCount: number;
  revokedAt: string | null;
  state: string;
  url?: string;
}

let server: TestServer;
let session: { token: string; cookie: string };
let seed = 400;
let albumA: Album;
let albumB: Album;
let inA: Image;
let inB: Image;
let hiddenElsewhere: Image;

const asOwner = () => ({ Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" });
const get = (p: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(server.url + p, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) }, redirect: "manual" });

async function createAlbum(name: string, slug: string): Promise<Album> {
  const response = await fetch(`${server.url}/api/album`, {
    method: "POST",
    headers: asOwner(),
    body: JSON.stringify({ name, slug, visibility: "private" }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Album;
}

async function upload(name: string, albumId?: number): Promise<Image> {
  const form = new FormData();
  form.set("name", name);
  form.set("visibility", "hidden");
  if (albumId !== undefined) form.set("albumId", String(albumId));
  const data = await makeJpeg(320, 240, seed++);
  form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), `${name}.jpg`);
  const response = await fetch(`${server.url}/api/image`, {
    method: "POST",
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

async function createLink(albumId: number, fields: Record<string, unknown> = {}): Promise<Link & { url: string }> {
  const response = await fetch(`${server.url}/api/album/${albumId}/links`, {
    method: "POST",
    headers: asOwner(),
    body: JSON.stringify({ label: "A client", ...fields }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Link & { url: string };
}

async function listLinks(albumId: number): Promise<Link[]> {
  const response = await fetch(`${server.url}/api/album/${albumId}/links`, { headers: asOwner() });
  expect(response.status).toBe(200);
  return ((await response.json()) as { links: Link[] }).links;
}

const linkPath = (link: { url: string }) => new URL(link.url).pathname;

/** Opens a link without a password: its grant cookie (`name=value`). */
async function openLink(link: { url: string }, cookie?: string): Promise<string> {
  const response = await get(linkPath(link), cookie);
  expect(response.status).toBe(303);
  return cookieFrom(response, "__share_grants")!;
}

function postPassword(token: string, password: string, ip = "198.51.100.1", cookie?: string) {
  return fetch(`${server.url}/s/${token}?unlock`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...fromIp(ip),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ password }),
    redirect: "manual",
  });
}

/** Status, headers (Date aside, the nonce blanked) and body, with the token blanked: an answer as a comparable whole. */
async function answer(response: Response, token: string) {
  let body = (await response.text()).replaceAll(token, "TOKEN");
  const nonce = /nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  if (nonce) body = body.replaceAll(nonce, "NONCE");
  const headers = [...response.headers]
    .filter(([name]) => name !== "date")
    .map(([name, value]) => [name, nonce ? value.replaceAll(nonce, "NONCE") : value]);
  return { status: response.status, headers, body };
}

function database(readonly = true) {
  return new Database(path.join(server.dataDir, "portfolio.sqlite"), { readonly });
}

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  session = await loginAdmin(server.url);
  albumA = await createAlbum("Wedding A", "wedding-a");
  albumB = await createAlbum("Wedding B", "wedding-b");
  inA = await upload("In A", albumA.id);
  inB = await upload("In B", albumB.id);
  hiddenElsewhere = await upload("Hidden elsewhere");
});

afterAll(async () => {
  await server?.stop();
});

describe("the owner's API", () => {
  it("answers 401 without the owner, for every method", async () => {
    const base = `${server.url}/api/album/${albumA.id}/links`;
    expect((await fetch(base)).status).toBe(401);
    expect((await fetch(base, { method: "POST", body: "{}" })).status).toBe(401);
    expect((await fetch(`${base}/1`, { method: "PUT", body: "{}" })).status).toBe(401);
    expect((await fetch(`${base}/1`, { method: "DELETE" })).status).toBe(401);
  });

  it("refuses bad fields with a 400 that names the field", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^label /],
      [{ label: "x", download: "everything" }, /^download must be one of none, web, original/],
      [{ label: "x", expiresAt: "tomorrow" }, /^expiresAt /],
      [{ label: "x", expiresAt: "2001-01-01T00:00:00Z" }, /^expiresAt must be in the future/],
      [{ label: "x", password: "" }, /^password /],
    ];
    for (const [body, message] of cases) {
      const response = await fetch(`${server.url}/api/album/${albumA.id}/links`, {
        method: "POST",
        headers: asOwner(),
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const missing = await fetch(`${server.url}/api/album/999999/links`, { headers: asOwner() });
    expect(missing.status).toBe(404);
  });

  it("changes a link only through its own album, refusing bad fields by name", async () => {
    const link = await createLink(albumA.id, { label: "Changing" });
    const put = (albumId: number, body: unknown) =>
      fetch(`${server.url}/api/album/${albumId}/links/${link.id}`, {
        method: "PUT",
        headers: asOwner(),
        body: JSON.stringify(body),
      });
    expect((await put(albumB.id, { label: "Moved" })).status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/album/${albumB.id}/links/${link.id}`, { method: "DELETE", headers: asOwner() }))
        .status,
    ).toBe(404);
    const refused = await put(albumA.id, { download: "all" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^download /);
    const changed = await put(albumA.id, {
      label: "Changed",
      download: "original",
      expiresAt: "2099-01-01T00:00:00+02:00",
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      label: "Changed",
      download: "original",
      expiresAt: "2098-12-31T22:00:00.000Z",
      state: "live",
    });
  });

  it("shows the token once, as an absolute url, and keeps only its hash", async () => {
    const link = await createLink(albumA.id, { label: "Token check", download: "web" });
    const token = linkPath(link).slice("/s/".length);
    expect(link.url).toBe(`${server.url}/s/${token}`);
    // At least 128 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const listed = (await listLinks(albumA.id)).find((each) => each.id === link.id)!;
    expect(listed).toMatchObject({ label: "Token check", download: "web", viewCount: 0, state: "live" });
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed).not.toHaveProperty("url");
    expect(listed).not.toHaveProperty("tokenHash");

    const db = database();
    try {
      const row = db.prepare("SELECT token_hash FROM share_links WHERE id = ?").get(link.id) as { token_hash: string };
      expect(row.token_hash).not.toContain(token);
      expect(row.token_hash).toHaveLength(43);
    } finally {
      db.close();
    }
    for (const file of fs.readdirSync(server.dataDir).filter((name) => name.startsWith("portfolio.sqlite"))) {
      expect(fs.readFileSync(path.join(server.dataDir, file)).includes(token), file).toBe(false);
    }
  });
});

describe("opening a link", () => {
  it("answers an unknown link 404 as any missing page", async () => {
    const unknown = await get("/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const missing = await get("/no-such-page");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("404 Not Found");
    expect(missing.status).toBe(404);
  });

  it("grants its album with an HttpOnly, SameSite=Lax cookie, counts the view and sends the browser there", async () => {
    const link = await createLink(albumA.id, { label: "Open" });
    expect((await get(`/photography/albums/${albumA.slug}`)).status).toBe(404);
    const response = await get(linkPath(link));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/photography/albums/${albumA.slug}`);
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("__share_grants="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const grant = cookieFrom(response, "__share_grants")!;

    const page = await get(`/photography/albums/${albumA.slug}`, grant);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Wedding A");
    expect(html).not.toContain("Wedding B");
    expect((await get(new URL(inA.url, server.url).pathname, grant)).status).toBe(200);
    expect((await get(`/photography/albums/${albumA.slug}?image=${inA.id}`, grant)).status).toBe(200);
    expect((await get(`/api/image?album=${albumA.id}`, grant)).status).toBe(200);

    const listed = (await listLinks(albumA.id)).find((each) => each.id === link.id)!;
    expect(listed.viewCount).toBe(1);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("never opens another album, nor a hidden photo outside its album, nor the gallery's deep link", async () => {
    const grant = await openLink(await createLink(albumA.id, { label: "Only A" }));
    expect((await get(`/photography/albums/${albumB.slug}`, grant)).status).toBe(404);
    expect((await get(`/api/album/${albumB.id}`, grant)).status).toBe(404);
    expect((await get(`/api/image/${inB.id}`, grant)).status).toBe(404);
    expect((await get(`/api/image/${hiddenElsewhere.id}`, grant)).status).toBe(404);
    expect((await get(new URL(inB.url, server.url).pathname, grant)).status).toBe(404);
    expect((await get(new URL(hiddenElsewhere.url, server.url).pathname, grant)).status).toBe(404);
    // A hidden photo opens in its album's pages only, not in the gallery.
    expect((await get(`/photography?image=${inA.id}`, grant)).status).toBe(404);
    expect((await get(`/photography/albums/${albumA.slug}?image=${inB.id}`, grant)).status).toBe(404);
    const albums = await (await get("/api/album", grant)).text();
    expect(albums).not.toContain("Wedding");
  });

  it("holds several grants in one browser", async () => {
    const first = await openLink(await createLink(albumA.id, { label: "Both A" }));
    const both = await openLink(await createLink(albumB.id, { label: "Both B" }), first);
    expect((await get(`/photography/albums/${albumA.slug}`, both)).status).toBe(200);
    expect((await get(`/photography/albums/${albumB.slug}`, both)).status).toBe(200);
  });

  it("refuses a forged cookie", async () => {
    const link = await createLink(albumA.id, { label: "Forged" });
    const value = encodeURIComponent(btoa(JSON.stringify([[link.id, "x"]])));
    expect((await get(`/photography/albums/${albumA.slug}`, `__share_grants=${value}`)).status).toBe(404);
  });

  it("keeps pages seen through a grant out of the anonymous page cache", async () => {
    const grant = await openLink(await createLink(albumA.id, { label: "Cache" }));
    for (let i = 0; i < 3; i++) {
      const page = await get(`/photography/albums/${albumA.slug}`, grant);
      expect(page.status).toBe(200);
      await page.arrayBuffer();
    }
    const anonymous = await get(`/photography/albums/${albumA.slug}`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain(inA.name);
  });
});

describe("ended links", () => {
  it("answers a revoked link 410 with no photo data, and ends its grant and media at once", async () => {
    const link = await createLink(albumA.id, { label: "Revoked" });
    const grant = await openLink(link);
    const media = new URL(inA.url, server.url).pathname;
    expect((await get(media, grant)).status).toBe(200);

    const revoked = await fetch(`${server.url}/api/album/${albumA.id}/links/${link.id}`, {
      method: "DELETE",
      headers: asOwner(),
    });
    expect(revoked.status).toBe(204);

    const page = await get(linkPath(link));
    expect(page.status).toBe(410);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("This link is no longer valid");
    expect(html).not.toContain("/media/");
    expect(html).not.toContain("Wedding A");
    expect((await get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(404);
    expect((await get(media, grant)).status).toBe(404);
    expect((await listLinks(albumA.id)).find((each) => each.id === link.id)!.state).toBe("revoked");
  });

  it("answers an expired link 410 and ends its grant at once", async () => {
    const link = await createLink(albumA.id, { label: "Expiring", expiresAt: "2099-01-01T00:00:00Z" });
    const grant = await openLink(link);
    expect((await get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(200);
    // Time passes: the expiry is moved into the past in the database file, as a day going by would.
    const db = database(false);
    try {
      db.prepare("UPDATE share_links SET expires_at = ? WHERE id = ?").run(Date.now() - 1000, link.id);
    } finally {
      db.close();
    }
    const page = await get(linkPath(link));
    expect(page.status).toBe(410);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("This link has expired");
    expect(html).not.toContain("/media/");
    expect((await get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(404);
    expect((await get(new URL(inA.url, server.url).pathname, grant)).status).toBe(404);
  });
});

describe("a link with a password", () => {
  it("asks for it on a plain form, and opens the album with the right one", async () => {
    const link = await createLink(albumA.id, { label: "Locked", password: "open sesame" });
    const token = linkPath(link).slice(3);
    const form = await get(linkPath(link));
    expect(form.status).toBe(200);
    expect(form.headers.get("cache-control")).toBe("private, no-store");
    expect(form.headers.getSetCookie()).toEqual([]);
    const html = await form.text();
    expect(html).toContain(`action="/s/${token}?unlock"`);
    expect(html).not.toContain("Wedding A");

    const opened = await postPassword(token, "open sesame", "198.51.100.10");
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/photography/albums/${albumA.slug}`);
    const grant = cookieFrom(opened, "__share_grants")!;
    expect((await get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(200);
  });

  it("answers a wrong password and an unknown link alike", async () => {
    const link = await createLink(albumA.id, { label: "Alike", password: "right one" });
    const token = linkPath(link).slice(3);
    const unknownToken = "B".repeat(token.length);
    const wrong = await answer(await postPassword(token, "wrong one", "198.51.100.20"), token);
    const unknown = await answer(await postPassword(unknownToken, "wrong one", "198.51.100.21"), unknownToken);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("That password does not open this link.");
    expect(unknown).toEqual(wrong);
    const open = await createLink(albumA.id, { label: "No password" });
    const openToken = linkPath(open).slice(3);
    const noPassword = await answer(await postPassword(openToken, "wrong one", "198.51.100.22"), openToken);
    expect(noPassword).toEqual(wrong);
  });

  it("never opens one link with another link's password", async () => {
    const a = await createLink(albumA.id, { label: "Pass A", password: "password of a" });
    const b = await createLink(albumB.id, { label: "Pass B", password: "password of b" });
    const refused = await postPassword(linkPath(b).slice(3), "password of a", "198.51.100.30");
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([]);
    const grantA = cookieFrom(
      await postPassword(linkPath(a).slice(3), "password of a", "198.51.100.31"),
      "__share_grants",
    )!;
    expect((await get(`/photography/albums/${albumB.slug}`, grantA)).status).toBe(404);
    expect((await postPassword(linkPath(b).slice(3), "password of a", "198.51.100.32", grantA)).status).toBe(401);
  });

  it("throttles guesses per client and per link", async () => {
    const link = await createLink(albumA.id, { label: "Throttled", password: "the real one" });
    const token = linkPath(link).slice(3);
    for (let i = 0; i < 5; i++) expect((await postPassword(token, `guess ${i}`, "203.0.113.1")).status).toBe(401);
    const blocked = await postPassword(token, "the real one", "203.0.113.1");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // The link itself is throttled for every client, even the right password from a new address.
    expect((await postPassword(token, "the real one", "203.0.113.2")).status).toBe(429);
    // The client is throttled on other links too.
    const other = await createLink(albumA.id, { label: "Other", password: "other" });
    expect((await postPassword(linkPath(other).slice(3), "other", "203.0.113.1")).status).toBe(429);
  });

  it("ends the grants made with an old password when the owner changes it", async () => {
    const link = await createLink(albumA.id, { label: "Changed", password: "first password" });
    const grant = cookieFrom(
      await postPassword(linkPath(link).slice(3), "first password", "198.51.100.40"),
      "__share_grants",
    )!;
    expect((await get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(200);
    const changed = await fetch(`${server.url}/api/album/${albumA.id}/links/${link.id}`, {
      method: "PUT",
      headers: asOwner(),
      body: JSON.stringify({ password: "second password" }),
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Link).hasPassword).toBe(true);
    expect((await get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(404);
  });
});
