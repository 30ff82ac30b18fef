// An album's own order: moves through POST /api/album/{id}/order and the
// no-JS forms, and everything that lists the album following it (the API with
// keyset paging, the viewer's neighbours, the feed), across a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image, ImagePage } from "~/lib/image";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const PAGE_SIZE = 24;
let server: TestServer;
let session: { token: string; cookie: string };
let album: Album;
let photos: Image[];

function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ok<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
}

const move = (body: Record<string, number>, albumId = album.id) => call("POST", `/api/album/${albumId}/order`, body);

/** Every id of the album as the API lists it with no sortField, page by page through the cursors. */
async function listed(query = ""): Promise<number[]> {
  const ids: number[] = [];
  let cursor = "";
  for (;;) {
    const page = await ok<ImagePage>(call("GET", `/api/image?album=${album.id}${query}&cursor=${cursor}`));
    ids.push(...page.images.map((image) => image.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
}

/** The viewer's Previous and Next on the album page, as the server renders them for `id`. */
async function viewerSteps(id: number): Promise<{ previous: number | null; next: number | null }> {
  const html = await (await fetch(`${server.url}/photography/albums/${album.slug}?image=${id}`)).text();
  const step = (direction: string) => {
    const link = html.match(new RegExp(`<a[^>]*viewer-step--${direction}[^>]*>`))?.[0];
    const image = link?.match(/image=(\d+)/)?.[1];
    return image === undefined ? null : Number(image);
  };
  return { previous: step("previous"), next: step("next") };
}

async function feedIds(): Promise<number[]> {
  const xml = await (await fetch(`${server.url}/photography/albums/${album.slug}/feed.xml`)).text();
  return [...xml.matchAll(/<link rel="alternate" type="text\/html" href="[^"]*image=(\d+)"/g)].map((m) => Number(m[1]));
}

/** The no-JS move form, as a browser without JavaScript posts it from the viewer. */
async function moveForm(id: number, fields: Record<string, string>): Promise<Response> {
  const path = `/photography/albums/${album.slug}?image=${id}`;
  return fetch(server.url + path, {
    method: "POST",
    headers: { Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ intent: "move", id: String(id), redirectTo: path, ...fields }),
    redirect: "manual",
  });
}

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  photos = await seedImages(
    server,
    session.token,
    Array.from({ length: PAGE_SIZE + 3 }, (_, seed) => ({ name: `order-${seed}.jpg` })),
  );
  album = await ok<Album>(
    call("POST", "/api/album", { name: "Story" }).then((r) => new Response(r.body, { status: 200 })),
  );
  for (const photo of photos) await ok(call("PUT", `/api/image/${photo.id}`, { albumIds: [album.id] }));
}, 120_000);
afterAll(() => server?.stop());

const ids = () => photos.map((photo) => photo.id);

// Each step starts from the order the one before left: not to be shuffled.
describe("an album in manual order", { shuffle: false }, () => {
  it("lists its photos in the order they joined, new photos at the end", async () => {
    expect(album.sort).toBe("manual");
    expect(await listed()).toEqual(ids());
  });

  it("moves a photo at the edges: to the first place, to the last, and refuses a place past the end", async () => {
    const [first, second] = ids() as [number, number];
    const last = ids().at(-1)!;
    expect(await ok(move({ imageId: last, position: 1 }))).toEqual({ imageId: last, position: 1 });
    expect((await listed()).slice(0, 2)).toEqual([last, first]);
    await ok(move({ imageId: last, position: ids().length }));
    expect(await listed()).toEqual(ids());
    expect(await ok(move({ imageId: first, after: last }))).toEqual({ imageId: first, position: ids().length });
    expect((await listed()).slice(-2)).toEqual([last, first]);
    await ok(move({ imageId: first, before: second }));
    expect(await listed()).toEqual(ids());

    const past = await move({ imageId: first, position: ids().length + 1 });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { message: string }).message).toBe(
      `position must be from 1 to ${ids().length}, the album's size`,
    );
    expect(await listed()).toEqual(ids());
  });

  it("keeps moving into the same gap until it is used up, then renumbers the album in the same move", async () => {
    const [a, b, c, d] = ids() as [number, number, number, number];
    await ok(move({ imageId: c, after: a }));
    // Each move lands between a and the photo moved before it, halving the room there (1024 at first).
    for (let round = 0; round < 14; round++) {
      const [moved, previous] = round % 2 ? [c, d] : [d, c];
      await ok(move({ imageId: moved, after: a }));
      expect((await listed()).slice(0, 3)).toEqual([a, moved, previous]);
    }
    await ok(move({ imageId: d, after: c }));
    await ok(move({ imageId: b, after: a }));
    expect(await listed()).toEqual(ids());
  });

  it("refuses bad moves naming the field, and a photo not in the album with 404", async () => {
    const [first, second] = ids() as [number, number];
    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ imageId: first }, 400, /^Send exactly one of before, after or position/],
      [{ imageId: first, before: second, position: 2 }, 400, /^Send exactly one/],
      [{ imageId: "x", position: 1 }, 400, /^imageId must/],
      [{ imageId: first, position: 0 }, 400, /^position must/],
      [{ imageId: first, before: first }, 400, /^before must be another photo/],
      [{ imageId: first, after: 999_999 }, 400, /^after must be the id of a photo in the album/],
      [{ imageId: 999_999, position: 1 }, 404, /not in the album/],
    ];
    for (const [body, status, message] of refusals) {
      const response = await call("POST", `/api/album/${album.id}/order`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await call("POST", `/api/album/999999/order`, { imageId: first, position: 1 })).status).toBe(404);
    const signedOut = await fetch(`${server.url}/api/album/${album.id}/order`, { method: "POST", body: "{}" });
    expect(signedOut.status).toBe(401);
  });

  it("moves through the no-JS forms: start, up, down, end and a typed position", async () => {
    const order = ids();
    const [a, b, c] = order as [number, number, number];
    const expectMove = async (id: number, fields: Record<string, string>, expected: number[]) => {
      const response = await moveForm(id, fields);
      expect(response.status, await response.clone().text()).toBe(303);
      expect(response.headers.get("location")).toBe(`/photography/albums/${album.slug}?image=${id}`);
      expect((await listed()).slice(0, expected.length)).toEqual(expected);
    };
    await expectMove(b, { step: "up" }, [b, a, c]);
    await expectMove(b, { step: "down" }, [a, b, c]);
    await expectMove(c, { step: "start" }, [c, a, b]);
    await expectMove(c, { step: "position", position: "3" }, [a, b, c]);
    await expectMove(a, { step: "up" }, [a, b, c]);
    await expectMove(a, { step: "end" }, [b, c]);
    expect((await listed()).at(-1)).toBe(a);
    await expectMove(a, { step: "start" }, [a, b, c]);
    expect(await listed()).toEqual(order);

    const refused = await moveForm(a, { step: "position", position: String(order.length + 1) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`position must be from 1 to ${order.length}`);
  });

  it("shows the same order to the API's pages, the viewer's neighbours and the feed, after a restart too", async () => {
    // A story: the last photo first, the first two swapped behind it.
    const [a, b] = ids() as [number, number];
    const z = ids().at(-1)!;
    await ok(move({ imageId: z, position: 1 }));
    await ok(move({ imageId: b, before: a }));
    const expected = [z, b, a, ...ids().slice(2, -1)];

    const check = async () => {
      expect(await listed()).toEqual(expected);
      expect(await listed("&sortField=position&sortOrder=desc")).toEqual([...expected].reverse());
      expect(await viewerSteps(b)).toEqual({ previous: z, next: a });
      expect(await viewerSteps(z)).toEqual({ previous: null, next: b });
      // Deep in the first page (a Next across the page's end is the viewer's own matter).
      expect(await viewerSteps(expected[PAGE_SIZE - 2]!)).toEqual({
        previous: expected[PAGE_SIZE - 3],
        next: expected[PAGE_SIZE - 1],
      });
      expect(await feedIds()).toEqual(expected);
    };
    await check();
    const dirs = { dataDir: server.dataDir, uploadsDir: server.uploadsDir };
    await server.stop();
    server = await startServer({ dirs });
    session = await loginAdmin(server.url);
    await check();

    await ok(move({ imageId: z, position: ids().length }));
    await ok(move({ imageId: a, position: 1 }));
    expect(await listed()).toEqual(ids());
  }, 60_000);

  it("ends two clients' concurrent moves in one consistent order, every photo once", async () => {
    const other = await loginAdmin(server.url);
    const moves = (token: string, offset: number) =>
      Promise.all(
        ids().map((imageId, index) =>
          fetch(`${server.url}/api/album/${album.id}/order`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
            body: JSON.stringify({ imageId, position: ((index * 7 + offset) % ids().length) + 1 }),
          }).then((response) => response.status),
        ),
      );
    const statuses = (await Promise.all([moves(session.token, 0), moves(other.token, 3)])).flat();
    expect(statuses.every((status) => status === 200)).toBe(true);
    const after = await listed();
    expect(after).toHaveLength(ids().length);
    expect([...after].sort((x, y) => x - y)).toEqual([...ids()].sort((x, y) => x - y));
    // The viewer walks the same order.
    expect(await viewerSteps(after[1]!)).toEqual({ previous: after[0], next: after[2] });
  });
});

describe("an album's sort setting", () => {
  it("lists by a date when set, keeps the moves' order for manual, and puts new photos at the start when asked", async () => {
    // A manual order of its own, whatever ran before: the way back to manual must not bring it back.
    await ok(move({ imageId: ids()[0]!, position: 2 }));
    const before = await listed();
    const newest = [...ids()].reverse();
    const changed = await ok<Album>(call("PUT", `/api/album/${album.id}`, { sort: "uploaded_at" }));
    expect(changed).toMatchObject({ sort: "uploaded_at", sortOrder: "desc" });
    expect(await listed()).toEqual(newest);
    expect(await feedIds()).toEqual(newest);
    await ok(call("PUT", `/api/album/${album.id}`, { sortOrder: "asc" }));
    expect(await listed()).toEqual(ids());
    // A date-sorted album has no order of its own to arrange.
    expect((await move({ imageId: ids()[0]!, position: 2 })).status).toBe(409);

    // Back to manual: it starts from the order it showed (oldest first), not from the old moves.
    await ok(call("PUT", `/api/album/${album.id}`, { sort: "manual" }));
    expect(await listed()).toEqual(ids());
    expect(before).not.toEqual(ids());

    const second = await ok<Album>(
      call("POST", "/api/album", { name: "Start first" }).then((r) => new Response(r.body, { status: 200 })),
    );
    await ok(call("PUT", `/api/album/${second.id}`, { addTo: "start" }));
    for (const photo of photos.slice(0, 3)) {
      const current = await ok<Image>(call("GET", `/api/image/${photo.id}`));
      await ok(call("PUT", `/api/image/${photo.id}`, { albumIds: [...current.albumIds, second.id] }));
    }
    const page = await ok<ImagePage>(call("GET", `/api/image?album=${second.id}`));
    expect(page.images.map((image) => image.id)).toEqual(ids().slice(0, 3).reverse());

    for (const [body, message] of [
      [{ sort: "random" }, /^sort must be one of manual, uploaded_at, taken_at/],
      [{ sortOrder: "up" }, /^sortOrder must be/],
      [{ addTo: "middle" }, /^addTo must be end or start/],
    ] as const) {
      const response = await call("PUT", `/api/album/${album.id}`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    // The album's edit form sends the order as one choice.
    const form = await fetch(`${server.url}/photography/albums/${second.slug}`, {
      method: "POST",
      headers: { Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({
        intent: "album-update",
        name: second.name,
        slug: second.slug,
        description: "",
        sort: "taken_at:asc",
        addTo: "end",
      }),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    expect(await ok<Album>(call("GET", `/api/album/${second.id}`))).toMatchObject({
      sort: "taken_at",
      sortOrder: "asc",
      addTo: "end",
    });

    const noAlbum = await fetch(`${server.url}/api/image?sortField=position`);
    expect(noAlbum.status).toBe(400);
    expect(((await noAlbum.json()) as { message: string }).message).toMatch(/^sortField position needs album=/);
  });
});
