// The gallery's "featured first" order (record 039): the owner's setting and
// pins through the gallery's plain forms, and everything that lists the
// gallery following it (the page, the API with keyset paging, the viewer's
// neighbours, the feed), never showing a hidden photo to a visitor, across a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image, ImagePage } from "~/lib/image";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };
let photos: Image[];

/** The ids newest upload first: the gallery's default order. */
const newest = () => photos.map((photo) => photo.id).reverse();

/** Every id of the gallery as `GET /api/image` lists it, page by page through the cursors. */
async function listed(query = "", auth = false): Promise<number[]> {
  const ids: number[] = [];
  let cursor = "";
  for (;;) {
    const response = await fetch(`${server.url}/api/image?cursor=${cursor}${query}`, {
      headers: auth ? { Authorization: `Bearer ${session.token}` } : {},
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const page = (await response.json()) as ImagePage;
    ids.push(...page.images.map((image) => image.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
}

/** The photos /photography shows a visitor first, in order. */
async function pageIds(): Promise<number[]> {
  const html = await (await fetch(`${server.url}/photography`)).text();
  return [...new Set([...html.matchAll(/href="\/photography\?image=(\d+)"/g)].map((m) => Number(m[1])))];
}

async function feedIds(): Promise<number[]> {
  const xml = await (await fetch(`${server.url}/photography/feed.xml`)).text();
  return [...xml.matchAll(/<link rel="alternate" type="text\/html" href="[^"]*image=(\d+)"/g)].map((m) => Number(m[1]));
}

async function viewerSteps(id: number): Promise<{ previous: number | null; next: number | null }> {
  const html = await (await fetch(`${server.url}/photography?image=${id}`)).text();
  const step = (direction: string) => {
    const link = html.match(new RegExp(`<a[^>]*viewer-step--${direction}[^>]*>`))?.[0];
    const image = link?.match(/image=(\d+)/)?.[1];
    return image === undefined ? null : Number(image);
  };
  return { previous: step("previous"), next: step("next") };
}

/** A plain form of the gallery page, as a browser without JavaScript posts it. */
async function postForm(fields: Record<string, string>): Promise<Response> {
  const path = fields.id ? `/photography?image=${fields.id}` : "/photography";
  return fetch(server.url + path, {
    method: "POST",
    headers: { Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ redirectTo: path, ...fields }),
    redirect: "manual",
  });
}

async function pinStep(id: number, step: string): Promise<void> {
  const response = await postForm({ intent: "pin", id: String(id), step });
  expect(response.status, await response.clone().text()).toBe(303);
}

async function setOrder(galleryOrder: string): Promise<void> {
  const response = await postForm({ intent: "gallery-order", galleryOrder });
  expect(response.status, await response.clone().text()).toBe(303);
}

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  photos = await seedImages(
    server,
    session.token,
    Array.from({ length: 33 }, (_, seed) => ({ name: `featured-${seed}.jpg` })),
  );
});
afterAll(() => server?.stop());

// Each step starts from the pins the one before left: not to be shuffled.
describe("the gallery's order", { shuffle: false }, () => {
  it("is newest uploads by default, pins or not", async () => {
    expect(await listed()).toEqual(newest());
    await pinStep(photos[0]!.id, "pin");
    expect(await listed()).toEqual(newest());
    expect(await feedIds()).toEqual(newest().slice(0, (await feedIds()).length));
    await pinStep(photos[0]!.id, "unpin");
  });

  it("refuses an order that is not newest or featured", async () => {
    const response = await postForm({ intent: "gallery-order", galleryOrder: "random" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("galleryOrder must be one of newest, featured");
  });

  it("with featured, lists the pins first in their order, then the rest newest first, every photo once across pages", async () => {
    const [a, b, c] = [photos[3]!.id, photos[10]!.id, photos[20]!.id];
    // Each pin goes to the top: pinned c, b, a gives a, b, c.
    for (const id of [c, b, a]) await pinStep(id, "pin");
    await setOrder("featured");
    const expected = [a, b, c, ...newest().filter((id) => ![a, b, c].includes(id))];
    expect(await listed()).toEqual(expected);
    expect(await pageIds()).toEqual(expected.slice(0, 24));
    expect(await feedIds()).toEqual(expected.slice(0, (await feedIds()).length));
    expect(await viewerSteps(c)).toEqual({ previous: b, next: expected[3] });
    expect(await viewerSteps(a)).toEqual({ previous: null, next: b });
    // The sort toggle's explicit choices still work as before.
    expect(await listed("&sortField=uploaded_at&sortOrder=desc")).toEqual(newest());
  });

  it("moves a pin up and down, and leaves it at the edges", async () => {
    const [a, b, c] = (await listed()).slice(0, 3) as [number, number, number];
    await pinStep(a, "up");
    await pinStep(c, "down");
    expect((await listed()).slice(0, 4)).toEqual([a, b, c, newest().find((id) => ![a, b, c].includes(id))]);
    await pinStep(c, "up");
    expect((await listed()).slice(0, 3)).toEqual([a, c, b]);
    await pinStep(a, "down");
    expect((await listed()).slice(0, 3)).toEqual([c, a, b]);
    // Back again, many times over the same gap: the renumbering keeps the order.
    for (let round = 0; round < 14; round++) await pinStep(round % 2 ? a : c, "down");
    expect((await listed()).slice(0, 3)).toEqual([c, a, b]);
    await pinStep(a, "up");
    await pinStep(b, "up");
    await pinStep(c, "down");
    expect((await listed()).slice(0, 3)).toEqual([a, b, c]);
  });

  it("unpins a photo back to its upload date", async () => {
    const [a, b, c] = (await listed()).slice(0, 3) as [number, number, number];
    await pinStep(b, "unpin");
    expect(await listed()).toEqual([a, c, ...newest().filter((id) => ![a, c].includes(id))]);
    await pinStep(b, "pin");
    await pinStep(b, "down");
    expect((await listed()).slice(0, 3)).toEqual([a, b, c]);
  });

  it("moves a pin beside another through POST /api/gallery/pins (the owner's drag and drop)", async () => {
    const [a, b, c, unpinned] = (await listed()).slice(0, 4) as [number, number, number, number];
    const move = (body: unknown, auth = true) =>
      fetch(`${server.url}/api/gallery/pins`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(auth ? { Authorization: `Bearer ${session.token}` } : {}) },
        body: JSON.stringify(body),
      });
    const answer = async (body: unknown, status: number) => {
      const response = await move(body);
      expect(response.status, await response.clone().text()).toBe(status);
      return (await response.json()) as { position?: number; message?: string };
    };
    expect(await answer({ imageId: a, after: c }, 200)).toEqual({ imageId: a, position: 3 });
    expect((await listed()).slice(0, 4)).toEqual([b, c, a, unpinned]);
    expect(await answer({ imageId: a, before: b }, 200)).toEqual({ imageId: a, position: 1 });
    expect((await listed()).slice(0, 3)).toEqual([a, b, c]);

    // Only among the pins, beside exactly one of them; nothing changes otherwise.
    expect((await answer({ imageId: unpinned, before: a }, 409)).message).toBe(
      "The photo is not pinned: pin it to the top first",
    );
    expect((await answer({ imageId: a, after: unpinned }, 400)).message).toBe(
      "after must be the id of another pinned photo",
    );
    expect((await answer({ imageId: a, before: b, after: c }, 400)).message).toBe(
      "Send exactly one of before or after",
    );
    expect((await answer({ imageId: 999_999, after: c }, 404)).message).toBe("There is no image with id 999999");
    expect((await move({ imageId: a, after: c }, false)).status).toBe(401);
    expect((await listed()).slice(0, 4)).toEqual([a, b, c, unpinned]);
  });

  it("pages through a cursor inside the pinned block, every photo once", async () => {
    const earlier = (await listed()).slice(0, 3);
    // 23 more pins, each to the top, ahead of the three: 26 pinned, more than a page of 24.
    const more = newest()
      .filter((id) => !earlier.includes(id))
      .slice(0, 23);
    for (const id of [...more].reverse()) await pinStep(id, "pin");
    const ids = await listed();
    expect(ids.slice(0, 26)).toEqual([...more, ...earlier]);
    expect([...ids].sort((x, y) => x - y)).toEqual(photos.map((photo) => photo.id));
    for (const id of more) await pinStep(id, "unpin");
    expect((await listed()).slice(0, 3)).toEqual(earlier);
  });

  it("never shows a hidden pinned photo to a visitor", async () => {
    const [a, b] = (await listed()).slice(0, 2) as [number, number];
    const hide = await fetch(`${server.url}/api/image/${a}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ visibility: "hidden" }),
    });
    expect(hide.status).toBe(200);
    expect(await listed()).not.toContain(a);
    expect((await listed())[0]).toBe(b);
    expect(await pageIds()).not.toContain(a);
    expect(await feedIds()).not.toContain(a);
    expect((await fetch(`${server.url}/photography?image=${a}`)).status).toBe(404);
    // The owner still sees it first.
    expect((await listed("", true))[0]).toBe(a);
  });

  it("keeps the setting and the pins across a restart", async () => {
    const before = await listed();
    const dirs = { dataDir: server.dataDir, uploadsDir: server.uploadsDir };
    await server.stop();
    server = await startServer({ dirs });
    session = await loginAdmin(server.url);
    expect(await listed()).toEqual(before);
    await setOrder("newest");
    expect(await listed()).toEqual(newest().filter((id) => before.includes(id)));
  });
});
