// Album memberships as the viewer's edit form changes them (only the albums it
// listed), and album covers that follow a photo out of its album (unticked,
// replaced through the API, or deleted).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const createAlbum = (name: string) => api<Album>("POST", "/api/album", { name });
const albumsOf = async (id: number) => (await api<Image>("GET", `/api/image/${id}`)).albumIds;
const coverOf = async (albumId: number) => (await api<Album>("GET", `/api/album/${albumId}`)).cover?.id ?? null;

/** Adds photos without the image pipeline (the seed fixture), oldest first. */
const add = (...seeds: number[]) =>
  seedImages(
    server,
    session.token,
    seeds.map((seed) => ({ name: `m${seed}.jpg`, photo: seed })),
  );

/** The viewer's edit form as a browser without JavaScript sends it: `shown` the albums it listed, `ticked` the checked ones. */
async function saveEditForm(photo: Image, albums: { shown: number[]; ticked: number[] } | undefined) {
  const form = new URLSearchParams({
    intent: "update",
    id: String(photo.id),
    name: photo.name,
    description: photo.description,
    redirectTo: `/photography?image=${photo.id}`,
  });
  for (const id of albums?.shown ?? []) form.append("shownAlbumIds", String(id));
  for (const id of albums?.ticked ?? []) form.append("albumIds", String(id));
  const response = await fetch(`${server.url}/photography?image=${photo.id}&edit=1`, {
    method: "POST",
    headers: { Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" },
    body: form,
    redirect: "manual",
  });
  expect(response.status, await response.clone().text()).toBe(303);
  expect(response.headers.get("location")).toBe(`/photography?image=${photo.id}`);
}

/** The storage key in a photo's media URLs: how the albums page would show it. */
const mediaKey = (photo: Image) => photo.url.split("/").at(-2)!;

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
});
afterAll(() => server?.stop());

describe("the viewer's edit form", () => {
  it("changes only the albums it listed: one the photo joined elsewhere since keeps it", async () => {
    const [photo] = (await add(1)) as [Image];
    const [left, joined] = [await createAlbum("Form left"), await createAlbum("Form joined")];
    await api("PUT", `/api/image/${photo.id}`, { albumIds: [left.id] });
    // The form is drawn with these two albums; then, in another tab, a new album gets the photo.
    const added = await createAlbum("Added elsewhere");
    await api("PUT", `/api/image/${photo.id}`, { albumIds: [left.id, added.id] });

    await saveEditForm(photo, { shown: [left.id, joined.id], ticked: [joined.id] });
    expect(await albumsOf(photo.id)).toEqual([joined.id, added.id]);
  });

  it("leaves the albums alone when it listed none", async () => {
    const [photo] = (await add(2)) as [Image];
    const album = await createAlbum("Untouched");
    await api("PUT", `/api/image/${photo.id}`, { albumIds: [album.id] });
    await saveEditForm(photo, undefined);
    expect(await albumsOf(photo.id)).toEqual([album.id]);
  });

  it("takes the photo out of every listed album when none is ticked", async () => {
    const [photo] = (await add(3)) as [Image];
    const [first, second] = [await createAlbum("Out one"), await createAlbum("Out two")];
    await api("PUT", `/api/image/${photo.id}`, { albumIds: [first.id, second.id] });
    await saveEditForm(photo, { shown: [first.id, second.id], ticked: [] });
    expect(await albumsOf(photo.id)).toEqual([]);
  });
});

describe("an album's cover", () => {
  let album: Album;
  let photos: Image[];
  let albums = 0;

  // An album and photos for each test: one deletes a photo, another takes one out.
  beforeEach(async () => {
    album = await createAlbum(`Covers ${++albums}`);
    photos = await add(10, 11, 12, 13);
    for (const photo of photos) await api("PUT", `/api/image/${photo.id}`, { albumIds: [album.id] });
  });

  async function chooseCover(photo: Image) {
    await api("PUT", `/api/album/${album.id}`, { coverId: photo.id });
    expect(await coverOf(album.id)).toBe(photo.id);
  }

  it("is no longer a photo taken out through the API, on the album's JSON or the albums page", async () => {
    const [oldest, , , newest] = photos as [Image, Image, Image, Image];
    await chooseCover(oldest);
    await api("PUT", `/api/image/${oldest.id}`, { albumIds: [] });
    expect(await coverOf(album.id)).toBe(newest.id);
    const page = await (await fetch(`${server.url}/photography/albums`)).text();
    expect(page).toContain(`/${mediaKey(newest)}/`);
    expect(page).not.toContain(`/${mediaKey(oldest)}/`);

    // The choice was cleared, not hidden: back in the album, the photo is not the cover again.
    await api("PUT", `/api/image/${oldest.id}`, { albumIds: [album.id] });
    expect(await coverOf(album.id)).toBe(newest.id);
  });

  it("is no longer a photo unticked in the viewer's edit form", async () => {
    const second = photos[1]!;
    await chooseCover(second);
    await saveEditForm(second, { shown: [album.id], ticked: [] });
    expect(await coverOf(album.id)).toBe(photos[3]!.id);
    await api("PUT", `/api/image/${second.id}`, { albumIds: [album.id] });
    expect(await coverOf(album.id)).toBe(photos[3]!.id);
  });

  it("is no longer a deleted photo", async () => {
    const [, , third, newest] = photos as [Image, Image, Image, Image];
    await chooseCover(newest);
    await api("DELETE", `/api/image/${newest.id}`);
    expect(await coverOf(album.id)).toBe(third.id);
  });

  it("stays when the photo leaves another album", async () => {
    const other = await createAlbum("Elsewhere");
    const first = photos[0]!;
    await api("PUT", `/api/image/${first.id}`, { albumIds: [album.id, other.id] });
    await chooseCover(first);
    await api("PUT", `/api/image/${first.id}`, { albumIds: [album.id] });
    expect(await coverOf(album.id)).toBe(first.id);
  });
});
