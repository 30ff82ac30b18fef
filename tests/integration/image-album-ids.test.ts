// Every image JSON carries the photo's own album ids, whichever way it is read:
// the pages of GET /api/image (by offset, by cursor, within an album), random
// picks and one photo. The ids are read for a whole page at once, so a mix-up
// between photos of a page would show here.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image, ImagePage } from "~/lib/image";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const PHOTOS = 27;
let server: TestServer;
let token: string;
/** Each photo's album ids as set, ascending. */
const expected = new Map<number, number[]>();

async function get<T>(path: string): Promise<T> {
  const response = await fetch(server.url + path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function send<T>(method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

function expectOwnAlbumIds(images: Image[]) {
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(image.albumIds, `photo ${image.id}`).toEqual(expected.get(image.id));
}

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
  const albums: Album[] = [];
  for (const name of ["Ones", "Twos", "Fours"]) albums.push(await send<Album>("POST", "/api/album", { name }));
  // Photo i is in album b when bit b of i is set: none, one, two or all three.
  const memberships = Array.from({ length: PHOTOS }, (_, i) =>
    albums.filter((_, bit) => i & (1 << bit)).map((album) => album.id),
  );
  const photos = await seedImages(
    server,
    token,
    memberships.map((albumIds, i) => ({ name: `a${i}.jpg`, albumIds })),
  );
  for (const [i, photo] of photos.entries()) expected.set(photo.id, memberships[i]!);
});
afterAll(() => server?.stop());

it("are each photo's own on every page of the list, by offset and by cursor", async () => {
  const first = await get<ImagePage>("/api/image");
  expect(first.images).toHaveLength(24);
  expectOwnAlbumIds(first.images);
  const second = await get<ImagePage>("/api/image?page=2");
  expectOwnAlbumIds(second.images);
  const next = await get<ImagePage>(`/api/image?cursor=${encodeURIComponent(first.nextCursor!)}`);
  expect(next.images.map((image) => image.id)).toEqual(second.images.map((image) => image.id));
  expectOwnAlbumIds(next.images);
  expect(new Set([...first.images, ...second.images].map((image) => image.id)).size).toBe(PHOTOS);
  expectOwnAlbumIds((await get<ImagePage>("/api/image?sortField=name&sortOrder=asc")).images);
});

it("are each photo's own within an album's list, random picks and one photo", async () => {
  const albumId = [...expected.values()].find((ids) => ids.length === 3)![1]!;
  const inAlbum = await get<ImagePage>(`/api/image?album=${albumId}`);
  expect(inAlbum.images.map((image) => image.id).sort((a, b) => a - b)).toEqual(
    [...expected].filter(([, ids]) => ids.includes(albumId)).map(([id]) => id),
  );
  expectOwnAlbumIds(inAlbum.images);
  expectOwnAlbumIds(await get<Image[]>("/api/image/random?count=20"));
  expectOwnAlbumIds(await get<Image[]>(`/api/image/random?count=${PHOTOS}`));
  for (const id of expected.keys()) expectOwnAlbumIds([await get<Image>(`/api/image/${id}`)]);
});
