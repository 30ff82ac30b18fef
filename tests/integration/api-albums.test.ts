// The albums API: list, read, create, edit (slug, cover, position), delete
// (photos stay), photos' memberships through PUT /api/image/{id}, the album
// filter of GET /api/image, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image, ImagePage } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;
let photos: Image[];

function call(method: string, path: string, body?: unknown, auth = true): Promise<Response> {
  return fetch(server.url + path, {
    method,
    headers: { ...(auth ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function create(body: unknown): Promise<Album> {
  return json<Album>(await call("POST", "/api/album", body), 201);
}

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
  photos = [];
  for (let i = 0; i < 4; i++) {
    const response = await uploadImage(server.url, token, {
      data: await makeJpeg(64, 48, 40 + i),
      filename: `p${i}.jpg`,
    });
    photos.push(await json<Image>(response, 201));
  }
});
afterAll(() => server?.stop());

// Created, filled, edited, deleted, then refused: each step starts from the albums the one before left. Not shuffled.
describe("albums", { shuffle: false }, () => {
  it("are created with a slug made from the name, kept unique, and listed in order", async () => {
    const first = await create({ name: "Summer in Åre, 2024!", description: "Mountains." });
    expect(first).toMatchObject({
      slug: "summer-in-are-2024",
      name: "Summer in Åre, 2024!",
      description: "Mountains.",
    });
    expect(first).toMatchObject({ cover: null, count: 0 });
    expect(Date.parse(first.created_at)).not.toBeNaN();
    const twin = await create({ name: "Summer in Åre 2024" });
    expect(twin.slug).toBe("summer-in-are-2024-2");
    const chosen = await create({ name: "Street", slug: "street-photos" });
    expect(chosen.slug).toBe("street-photos");

    const { albums } = await json<{ albums: Album[] }>(await call("GET", "/api/album", undefined, false), 200);
    expect(albums.map((album) => album.id)).toEqual([first.id, twin.id, chosen.id]);
    expect(Object.keys(albums[0]!).sort()).toEqual([
      "addTo",
      "count",
      "cover",
      "created_at",
      "description",
      "id",
      "name",
      "slug",
      "sort",
      "sortOrder",
      "visibility",
    ]);
    // A new album is in the owner's order, new photos at its end.
    expect(albums[0]).toMatchObject({ sort: "manual", sortOrder: "desc", addTo: "end" });
    expect(await json<Album>(await call("GET", `/api/album/${chosen.id}`, undefined, false), 200)).toEqual(chosen);
  });

  it("hold photos set through PUT /api/image/{id}, which the image JSON and the album filter show", async () => {
    const album = await create({ name: "Harbour" });
    const other = await create({ name: "Night" });
    const [a, b, c] = photos as [Image, Image, Image];
    for (const photo of [a, b]) {
      const updated = await json<Image>(
        await call("PUT", `/api/image/${photo.id}`, { albumIds: [album.id, other.id] }),
        200,
      );
      expect(updated.albumIds).toEqual([album.id, other.id]);
      expect(updated.name).toBe(photo.name);
    }
    const renamed = await json<Image>(
      await call("PUT", `/api/image/${c.id}`, { name: "Renamed", description: "", albumIds: [album.id] }),
      200,
    );
    expect(renamed).toMatchObject({ name: "Renamed", albumIds: [album.id] });
    // Replaces: b leaves the night album.
    await json<Image>(await call("PUT", `/api/image/${b.id}`, { albumIds: [album.id] }), 200);

    // A new album lists its photos in the order they joined it (its manual order)…
    const page = await json<ImagePage>(await call("GET", `/api/image?album=${album.id}`, undefined, false), 200);
    expect(page.images.map((image) => image.id)).toEqual([a.id, b.id, c.id]);
    // …and by a date when asked.
    const newest = await json<ImagePage>(
      await call("GET", `/api/image?album=${album.id}&sortField=uploaded_at`, undefined, false),
      200,
    );
    expect(newest.images.map((image) => image.id)).toEqual([c.id, b.id, a.id]);
    const asc = await json<ImagePage>(
      await call("GET", `/api/image?album=${album.id}&sortField=uploaded_at&sortOrder=asc`, undefined, false),
      200,
    );
    expect(asc.images.map((image) => image.id)).toEqual([a.id, b.id, c.id]);
    const night = await json<ImagePage>(await call("GET", `/api/image?album=${other.id}`, undefined, false), 200);
    expect(night.images.map((image) => image.id)).toEqual([a.id]);

    const listed = await json<Album>(await call("GET", `/api/album/${album.id}`, undefined, false), 200);
    expect(listed.count).toBe(3);
    // No cover chosen: the newest photo.
    expect(listed.cover?.id).toBe(c.id);
  });

  it("are edited: name, description, slug, cover and position", async () => {
    const { albums: before } = await json<{ albums: Album[] }>(await call("GET", "/api/album", undefined, false), 200);
    const harbour = before.find((album) => album.name === "Harbour")!;
    const edited = await json<Album>(
      await call("PUT", `/api/album/${harbour.id}`, {
        name: "The harbour",
        description: "Boats",
        slug: "harbour",
        coverId: photos[0]!.id,
        position: 1,
      }),
      200,
    );
    expect(edited).toMatchObject({ name: "The harbour", description: "Boats", slug: "harbour", count: 3 });
    expect(edited.cover?.id).toBe(photos[0]!.id);
    const { albums: after } = await json<{ albums: Album[] }>(await call("GET", "/api/album", undefined, false), 200);
    expect(after[0]!.id).toBe(harbour.id);
    expect(after.map((album) => album.id).sort()).toEqual(before.map((album) => album.id).sort());

    const unset = await json<Album>(await call("PUT", `/api/album/${harbour.id}`, { coverId: null }), 200);
    expect(unset.cover?.id).not.toBe(photos[0]!.id);
  });

  it("are deleted without their photos", async () => {
    const album = await create({ name: "Short-lived" });
    await json<Image>(await call("PUT", `/api/image/${photos[3]!.id}`, { albumIds: [album.id] }), 200);
    expect((await call("DELETE", `/api/album/${album.id}`)).status).toBe(204);
    expect((await call("GET", `/api/album/${album.id}`, undefined, false)).status).toBe(404);
    const photo = await json<Image>(await call("GET", `/api/image/${photos[3]!.id}`, undefined, false), 200);
    expect(photo.albumIds).toEqual([]);
  });

  it("refuse changes without the admin: 401", async () => {
    const album = (await json<{ albums: Album[] }>(await call("GET", "/api/album", undefined, false), 200)).albums[0]!;
    expect((await call("POST", "/api/album", { name: "x" }, false)).status).toBe(401);
    expect((await call("PUT", `/api/album/${album.id}`, { name: "x" }, false)).status).toBe(401);
    expect((await call("DELETE", `/api/album/${album.id}`, undefined, false)).status).toBe(401);
    expect((await call("PUT", `/api/image/${photos[0]!.id}`, { albumIds: [] }, false)).status).toBe(401);
  });

  it.each([
    ["no name", "POST", "/api/album", {}, 400, /^name must be a string$/],
    ["a blank name", "POST", "/api/album", { name: "   " }, 400, /^name must not be empty$/],
    ["a long name", "POST", "/api/album", { name: "x".repeat(201) }, 400, /^name must be at most 200 characters$/],
    ["a long description", "POST", "/api/album", { name: "x", description: "d".repeat(5001) }, 400, /^description/],
    ["a bad slug", "POST", "/api/album", { name: "x", slug: "Not A Slug" }, 400, /^slug must be lowercase/],
    ["not JSON", "POST", "/api/album", "not json", 400, /./],
    ["a taken slug", "POST", "/api/album", { name: "Again", slug: "street-photos" }, 409, /^The slug "street-photos"/],
    ["an unknown album", "PUT", "/api/album/999999", { name: "x" }, 404, /^There is no album with id 999999$/],
    ["a bad id", "PUT", "/api/album/abc", { name: "x" }, 400, /^The album id must be a positive whole number$/],
    ["an unknown album", "DELETE", "/api/album/999999", undefined, 404, /^There is no album/],
    ["an unknown album", "GET", "/api/album/999999", undefined, 404, /^There is no album/],
    ["an unknown album", "GET", "/api/image?album=999999", undefined, 404, /^There is no album/],
    ["a bad album", "GET", "/api/image?album=x", undefined, 400, /^album must be an album id/],
  ] as const)("%s: %s %s → %i", async (_, method, path, body, status, message) => {
    const response = await call(method, path, body);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it("refuse a bad position, cover, slug clash and album ids", async () => {
    const { albums } = await json<{ albums: Album[] }>(await call("GET", "/api/album", undefined, false), 200);
    const [first, second] = albums as [Album, Album];
    const refusals: [string, string, unknown, number][] = [
      ["PUT", `/api/album/${first.id}`, { position: 0 }, 400],
      ["PUT", `/api/album/${first.id}`, { coverId: "x" }, 400],
      ["PUT", `/api/album/${second.id}`, { coverId: photos[3]!.id }, 400],
      ["PUT", `/api/album/${second.id}`, { slug: first.slug }, 409],
      ["PUT", `/api/image/${photos[0]!.id}`, { albumIds: [999999] }, 400],
      ["PUT", `/api/image/${photos[0]!.id}`, { albumIds: "1" }, 400],
      ["PUT", `/api/image/${photos[0]!.id}`, { albumIds: [1.5] }, 400],
    ];
    for (const [method, path, body, status] of refusals) {
      expect((await call(method, path, body)).status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
    }
    // Nothing changed by the refused membership update.
    const photo = await json<Image>(await call("GET", `/api/image/${photos[0]!.id}`, undefined, false), 200);
    expect(photo.albumIds.length).toBeGreaterThan(0);
  });
});
