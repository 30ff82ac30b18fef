// An upload batch chooses its album and its place there: the start or the end
// (POST /api/image's albumPosition, as the dashboard's forms send it).
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image, ImagePage } from "~/lib/image";
import { makeJpeg } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;
let seed = 9300;

async function upload(fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const data = await makeJpeg(48, 32, seed++);
  form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), `place-${seed}.jpg`);
  return fetch(`${server.url}/api/image`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

async function uploaded(fields: Record<string, string>): Promise<number> {
  const response = await upload(fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as Image).id;
}

async function newAlbum(body: Record<string, string>): Promise<Album> {
  const response = await fetch(`${server.url}/api/album`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Album;
}

async function order(album: Album): Promise<number[]> {
  const page = (await (await fetch(`${server.url}/api/image?album=${album.id}`)).json()) as ImagePage;
  return page.images.map((image) => image.id);
}

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
}, 60_000);
afterAll(() => server?.stop());

it("puts an upload at the start or the end of its album, or where the album puts new photos", async () => {
  const album = await newAlbum({ name: "Places" });
  const a = await uploaded({ albumId: String(album.id) });
  const b = await uploaded({ albumId: String(album.id), albumPosition: "start" });
  const c = await uploaded({ albumId: String(album.id), albumPosition: "end" });
  const d = await uploaded({ albumId: String(album.id), albumPosition: "" });
  expect(await order(album)).toEqual([b, a, c, d]);

  // The choice wins over the album's own setting.
  const startFirst = await newAlbum({ name: "Newest first" });
  const setting = await fetch(`${server.url}/api/album/${startFirst.id}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ addTo: "start" }),
  });
  expect(setting.status).toBe(200);
  const e = await uploaded({ albumId: String(startFirst.id) });
  const f = await uploaded({ albumId: String(startFirst.id) });
  const g = await uploaded({ albumId: String(startFirst.id), albumPosition: "end" });
  expect(await order(startFirst)).toEqual([f, e, g]);
});

it("refuses a place other than start or end, storing nothing", async () => {
  const album = await newAlbum({ name: "Refused place" });
  const response = await upload({ albumId: String(album.id), albumPosition: "middle" });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toBe("albumPosition must be start or end");
  expect(await order(album)).toEqual([]);
});
