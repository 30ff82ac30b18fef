// Favourites (proofing) on share links (record 047) against the built server:
// the name step, each visitor seeing and changing only their own, the album's
// bounds, a revoked link, and the owner's list and CSV.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import type { LinkFavourites, VisitorFavourites } from "~/lib/favourites";
import { cookieFrom } from "../support/logins";
import { shareKit } from "../support/share-links";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let kit: ReturnType<typeof shareKit>;
let album: Album;
let other: Album;
let photos: Image[];
let outside: Image;
let ownerCookie: string;

beforeAll(async () => {
  server = await startServer();
  const session = await loginAdmin(server.url);
  ownerCookie = session.cookie;
  kit = shareKit(server, session);
  album = await kit.createAlbum("Proofing wedding", "proofing-wedding");
  other = await kit.createAlbum("Proofing other", "proofing-other");
  photos = [];
  for (const name of ["First", "Second", "Third"]) photos.push(await kit.addPhoto(name, album.id));
  outside = await kit.addPhoto("Outside", other.id);
});

afterAll(async () => {
  await server?.stop();
});

/** The entries of a signed `__share_grants` cookie (`name=value`), read without checking the signature. */
function entriesOf(cookie: string): unknown[][] {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString()) as unknown[][];
}

const formPath = () => `/photography/albums/${album.slug}/favourites`;

function postForm(cookie: string, fields: Record<string, string>, path = formPath()) {
  return fetch(server.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

function favourite(cookie: string, imageId: number, method: "PUT" | "DELETE" = "PUT", albumId = album.id) {
  return fetch(`${server.url}/api/album/${albumId}/favourites/${imageId}`, { method, headers: { Cookie: cookie } });
}

async function own(cookie: string): Promise<VisitorFavourites> {
  const response = await kit.get(`/api/album/${album.id}/favourites`, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as VisitorFavourites;
}

/** A new browser on `link` that gives `name` with its first heart (the plain form): its grant cookie. */
async function visitorNamed(link: { url: string }, name: string, firstHeart: Image): Promise<string> {
  const grant = await kit.openLink(link);
  const response = await postForm(grant, {
    imageId: String(firstHeart.id),
    favourite: "1",
    name,
    redirectTo: `/photography/albums/${album.slug}#image-${firstHeart.id}`,
  });
  expect(response.status).toBe(303);
  return cookieFrom(response, "__share_grants")!;
}

describe("only my favourites", () => {
  /** The photo ids the page's grid shows, in order. */
  const tiles = (html: string) => [...html.matchAll(/data-image-id="(\d+)"/g)].map((match) => Number(match[1]));

  it("lists the visitor's own favourites alone, on the page, in the viewer and through the API, in two columns on phones", async () => {
    const link = await kit.createLink(album.id, { label: "Filter" });
    const grant = await visitorNamed(link, "Ida", photos[2]!);
    // Someone else's heart on the same link is not Ida's.
    await visitorNamed(link, "Jon", photos[0]!);
    const albumPage = `/photography/albums/${album.slug}`;

    const all = await (await kit.get(albumPage, grant)).text();
    expect(tiles(all)).toHaveLength(3);
    expect(all).toContain("gallery-grid--two-on-phones");
    expect(all).toMatch(/<a [^>]*href="[^"]*\?only=favourites"[^>]*>My favourites<\/a>/);

    const mine = await kit.get(`${albumPage}?only=favourites`, grant);
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(tiles(html)).toEqual([photos[2]!.id]);
    // The viewer keeps the filter: the marked photo has no neighbours in it.
    const viewer = await (await kit.get(`${albumPage}?only=favourites&image=${photos[2]!.id}`, grant)).text();
    expect(viewer).not.toMatch(new RegExp(`image=(${photos[0]!.id}|${photos[1]!.id})\b`));

    const api = await kit.get(`/api/image?album=${album.id}&only=favourites`, grant);
    expect(((await api.json()) as { images: Image[] }).images.map((image) => image.id)).toEqual([photos[2]!.id]);
    const refused = await kit.get(`/api/image?album=${album.id}&only=mine`, grant);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("only must be favourites");
  });

  it("tells a visitor with no favourites yet how to mark one, and the way back to all photos", async () => {
    const grant = await kit.openLink(await kit.createLink(album.id, { label: "No hearts yet" }));
    const html = await (await kit.get(`/photography/albums/${album.slug}?only=favourites`, grant)).text();
    expect(tiles(html)).toEqual([]);
    expect(html).toContain("No favourites yet.");
    expect(html).toMatch(/<a [^>]*href="\/photography\/albums\/proofing-wedding"[^>]*>See all photos<\/a>/);
  });

  it("offers neither the filter nor two columns on phones to a visitor without a link", async () => {
    const owner = await (await kit.get(`/photography/albums/${album.slug}`, ownerCookie)).text();
    expect(owner).toContain("Proofing wedding");
    expect(owner).not.toContain("My favourites");
    expect(owner).not.toContain("gallery-grid--two-on-phones");
  });
});

describe("the name step", () => {
  it("asks for a name before the first heart, then applies that heart and keeps the name with the grant", async () => {
    const link = await kit.createLink(album.id, { label: "Name step" });
    const grant = await kit.openLink(link);
    const noName = await favourite(grant, photos[0]!.id);
    expect(noName.status).toBe(409);
    expect(await noName.json()).toMatchObject({ needsName: true, message: expect.stringContaining("name") });

    const back = `/photography/albums/${album.slug}#image-${photos[0]!.id}`;
    const heart = await postForm(grant, { imageId: String(photos[0]!.id), favourite: "1", redirectTo: back });
    expect(heart.status).toBe(303);
    const step = heart.headers.get("location")!;
    expect(step).toBe(
      `/photography/albums/${album.slug}?favourite=${photos[0]!.id}&back=${encodeURIComponent(back)}#favourite-name`,
    );
    expect(await own(grant)).toEqual({ name: null, imageIds: [] });
    const page = await (await kit.get(step, grant)).text();
    expect(page).toContain("Your name");
    expect(page).toContain(`name="imageId" value="${photos[0]!.id}"`);

    const refused = await postForm(grant, { imageId: String(photos[0]!.id), name: "   ", redirectTo: back });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toContain("refused=empty");
    expect(await (await kit.get(refused.headers.get("location")!, grant)).text()).toContain("Enter your name.");

    const named = await postForm(grant, { imageId: String(photos[0]!.id), name: "  Ada  ", redirectTo: back });
    expect(named.status).toBe(303);
    expect(named.headers.get("location")).toBe(back);
    const kept = cookieFrom(named, "__share_grants")!;
    // The link's entry gains the visitor; the two-item entry of before the name still read.
    expect(entriesOf(grant)[0]).toHaveLength(2);
    expect(entriesOf(kept)[0]).toEqual([link.id, entriesOf(grant)[0]![1], expect.any(Number)]);
    expect(await own(kept)).toEqual({ name: "Ada", imageIds: [photos[0]!.id] });
    // Opening the link again in the same browser keeps the name.
    const reopened = await kit.openLink(link, kept);
    expect((await own(reopened)).name).toBe("Ada");
  });

  it("answers the page's script with JSON and the cookie", async () => {
    const grant = await kit.openLink(await kit.createLink(album.id, { label: "Script" }));
    const response = await postForm(
      grant,
      { imageId: String(photos[1]!.id), favourite: "1", name: "Grace" },
      `${formPath()}?client=js`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      name: "Grace",
      imageId: photos[1]!.id,
      favourite: true,
      count: 1,
    });
    expect(await own(cookieFrom(response, "__share_grants")!)).toEqual({ name: "Grace", imageIds: [photos[1]!.id] });
  });
});

describe("the hearts", () => {
  it("show on the album page to a link's visitor only: not to the owner, nor on a public album without a link", async () => {
    const grant = await kit.openLink(await kit.createLink(album.id, { label: "Hearts" }));
    const visitorPage = await (await kit.get(`/photography/albums/${album.slug}`, grant)).text();
    expect(visitorPage).toContain('aria-pressed="false"');
    expect(visitorPage).toContain(`Favourite ${photos[0]!.name}`);
    expect(visitorPage).toContain("0 favourites");

    const ownerPage = await (await kit.get(`/photography/albums/${album.slug}`, undefined, kit.asOwner())).text();
    expect(ownerPage).toContain("Proofing wedding");
    expect(ownerPage).not.toContain("heart-form");

    const open = await kit.createAlbum("Proofing open", "proofing-open");
    await kit.addPhoto("Open photo", open.id);
    await fetch(`${server.url}/api/album/${open.id}`, {
      method: "PUT",
      headers: kit.asOwner(),
      body: JSON.stringify({ visibility: "public" }),
    });
    const publicPage = await kit.get(`/photography/albums/${open.slug}`);
    expect(publicPage.status).toBe(200);
    const html = await publicPage.text();
    expect(html).toContain("Open photo");
    expect(html).not.toContain("heart-form");
    expect(html).not.toContain("favourites-count");
  });
});

describe("each visitor's own favourites", () => {
  it("two visitors on one link and one on another see and change only their own", async () => {
    const first = await kit.createLink(album.id, { label: "Family" });
    const second = await kit.createLink(album.id, { label: "Planner" });
    const a = await visitorNamed(first, "Anna", photos[0]!);
    const b = await visitorNamed(first, "Ben", photos[1]!);
    const c = await visitorNamed(second, "Cleo", photos[2]!);
    expect((await favourite(a, photos[2]!.id)).status).toBe(200);

    expect(await own(a)).toEqual({ name: "Anna", imageIds: [photos[0]!.id, photos[2]!.id] });
    expect(await own(b)).toEqual({ name: "Ben", imageIds: [photos[1]!.id] });
    expect(await own(c)).toEqual({ name: "Cleo", imageIds: [photos[2]!.id] });

    // A removing B's photo removes only A's own mark (none): B's stays; a visitor id in the form is not read.
    const removed = await favourite(a, photos[1]!.id, "DELETE");
    expect(await removed.json()).toEqual({ imageId: photos[1]!.id, favourite: false, count: 2 });
    await postForm(a, { imageId: String(photos[1]!.id), favourite: "0", visitorId: "1", redirectTo: "/" });
    expect((await own(b)).imageIds).toEqual([photos[1]!.id]);
    expect((await favourite(a, photos[0]!.id, "DELETE")).status).toBe(200);
    expect((await own(a)).imageIds).toEqual([photos[2]!.id]);
    expect((await own(c)).imageIds).toEqual([photos[2]!.id]);

    // The cookie is signed: a visitor id written into it by hand undoes the whole grant.
    // (B's visitor id, on the same link, in A's cookie: the signature no longer matches.)
    const entries = entriesOf(a);
    entries[0]![2] = entriesOf(b)[0]![2];
    const value = decodeURIComponent(a.slice(a.indexOf("=") + 1));
    const signature = value.slice(value.lastIndexOf("."));
    const forged = `__share_grants=${encodeURIComponent(Buffer.from(JSON.stringify(entries)).toString("base64") + signature)}`;
    expect((await kit.get(`/api/album/${album.id}/favourites`, forged)).status).toBe(404);
  });

  it("refuses a photo outside the link's album (404), an album it does not open (404), the owner and a public album's visitor (403)", async () => {
    const grant = await visitorNamed(await kit.createLink(album.id, { label: "Bounds" }), "Dan", photos[0]!);
    expect((await favourite(grant, outside.id)).status).toBe(404);
    expect((await favourite(grant, 999_999)).status).toBe(404);
    expect((await favourite(grant, outside.id, "PUT", other.id)).status).toBe(404);
    expect((await kit.get(`/api/album/${other.id}/favourites`, grant)).status).toBe(404);
    // The plain form refused goes back to the album page, marking nothing.
    const form = await postForm(grant, { imageId: String(outside.id), favourite: "1", redirectTo: "/" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/photography/albums/${album.slug}`);
    expect((await own(grant)).imageIds).toEqual([photos[0]!.id]);

    const owner = await fetch(`${server.url}/api/album/${album.id}/favourites/${photos[0]!.id}`, {
      method: "PUT",
      headers: kit.asOwner(),
    });
    expect(owner.status).toBe(403);
    const publicAlbum = await kit.createAlbum("Proofing public", "proofing-public");
    await fetch(`${server.url}/api/album/${publicAlbum.id}`, {
      method: "PUT",
      headers: kit.asOwner(),
      body: JSON.stringify({ visibility: "public" }),
    });
    expect(
      (await fetch(`${server.url}/api/album/${publicAlbum.id}/favourites/${photos[0]!.id}`, { method: "PUT" })).status,
    ).toBe(403);
  });

  it("ends with a revoked link: its visitor can no longer mark or list", async () => {
    const link = await kit.createLink(album.id, { label: "Revoked" });
    const grant = await visitorNamed(link, "Eve", photos[0]!);
    const revoked = await fetch(`${server.url}/api/album/${album.id}/links/${link.id}`, {
      method: "DELETE",
      headers: kit.asOwner(),
    });
    expect(revoked.status).toBe(204);
    // The hearts say the link ended (the page's script then loads the page, which says so in words).
    expect((await favourite(grant, photos[1]!.id)).status).toBe(410);
    expect((await favourite(grant, photos[0]!.id, "DELETE")).status).toBe(410);
    expect((await kit.get(`/api/album/${album.id}/favourites`, grant)).status).toBe(404);
    // Without JavaScript the heart's form goes back to the album page, which tells the visitor the link ended.
    const form = await postForm(grant, { imageId: String(photos[1]!.id), favourite: "1" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/photography/albums/${album.slug}`);
    const page = await kit.get(form.headers.get("location")!, grant);
    expect(page.status).toBe(410);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("refuses another site's request made with the visitor's cookie", async () => {
    const grant = await visitorNamed(await kit.createLink(album.id, { label: "Cross" }), "Fay", photos[0]!);
    const response = await fetch(`${server.url}/api/album/${album.id}/favourites/${photos[1]!.id}`, {
      method: "PUT",
      headers: { Cookie: grant, Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect((await own(grant)).imageIds).toEqual([photos[0]!.id]);
  });
});

describe("the owner's view", () => {
  let csvAlbum: Album;
  let tricky: Image;

  beforeAll(async () => {
    csvAlbum = await kit.createAlbum("Proofing CSV", "proofing-csv");
    tricky = await kit.addPhoto("=SUM(A1)", csvAlbum.id);
    const plain = await kit.addPhoto("Plain", csvAlbum.id);
    const link = await kit.createLink(csvAlbum.id, { label: '+Smith, "Jones"' });
    const grant = await kit.openLink(link);
    const named = await postForm(
      grant,
      { imageId: String(tricky.id), favourite: "1", name: "@bob", redirectTo: "/" },
      `/photography/albums/${csvAlbum.slug}/favourites`,
    );
    const cookie = cookieFrom(named, "__share_grants")!;
    expect((await favourite(cookie, plain.id, "PUT", csvAlbum.id)).status).toBe(200);
  });

  it("lists per link and name the photos with their file names", async () => {
    const response = await fetch(`${server.url}/api/album/${csvAlbum.id}/favourites`, { headers: kit.asOwner() });
    expect(response.status).toBe(200);
    const { links } = (await response.json()) as { links: LinkFavourites[] };
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ label: '+Smith, "Jones"', state: "live" });
    expect(links[0]!.visitors.map((visitor) => visitor.name)).toEqual(["@bob"]);
    expect(links[0]!.visitors[0]!.photos.map((photo) => photo.filename)).toEqual(["=SUM(A1).jpg", "Plain.jpg"]);
  });

  it("downloads the CSV: attachment, private, rows escaped and safe from formulas", async () => {
    const response = await fetch(`${server.url}/photography/admin/albums/${csvAlbum.slug}/favourites.csv`, {
      headers: kit.asOwner(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="proofing-csv-favourites.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("Link,Visitor,File name,Photo title,Image id,Favourited at,Comment");
    expect(lines[1]).toMatch(
      new RegExp(`^"'\\+Smith, ""Jones""",'@bob,'=SUM\\(A1\\)\\.jpg,'=SUM\\(A1\\),${tricky.id},\\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(lines[2]).toMatch(/^"'\+Smith, ""Jones""",'@bob,Plain\.jpg,Plain,\d+,/);
    expect(lines).toHaveLength(4);
  });

  it("keeps the CSV and the owner's list from anyone else", async () => {
    const anonymous = await kit.get(`/photography/admin/albums/${csvAlbum.slug}/favourites.csv`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/photography\/admin\?redirectTo=/);
    expect((await kit.get(`/api/album/${csvAlbum.id}/favourites`)).status).toBe(404);
  });
});
