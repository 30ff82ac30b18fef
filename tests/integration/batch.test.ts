// Many photos at once: POST /api/image/batch answers per id, applies each
// photo's change whole or not at all, and refuses a request past 500 ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { expectSoundStorage } from "../support/storage-check";

let server: TestServer;
let token: string;
let cookie: string;
let photos: Image[];

function call(method: string, path: string, body?: unknown, auth = true): Promise<Response> {
  return fetch(server.url + path, {
    method,
    headers: { ...(auth ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

const batch = (body: unknown) => call("POST", "/api/image/batch", body);
const image = (id: number) => json<Image>(call("GET", `/api/image/${id}`));
const albumIds = async (id: number) => (await image(id)).albumIds;

beforeAll(async () => {
  server = await startServer();
  ({ token, cookie } = await loginAdmin(server.url));
  photos = await seedImages(
    server,
    token,
    Array.from({ length: 6 }, (_, seed) => ({ name: `batch-${seed}.jpg` })),
  );
});
afterAll(() => server?.stop());

describe("POST /api/image/batch", () => {
  it("adds photos to an album, answering per id, with a missing photo failing alone", async () => {
    const album = await json<Album>(call("POST", "/api/album", { name: "Batch" }), 201);
    const [a, b, c] = photos as [Image, Image, Image];
    const answer = await json(batch({ action: "add-to-album", albumId: album.id, ids: [a.id, 999_999, b.id, c.id] }));
    expect(answer).toEqual({
      action: "add-to-album",
      changed: 3,
      // A public album hides nothing (private-albums.test.ts has the others).
      hidden: 0,
      results: [
        { id: a.id, ok: true },
        { id: 999_999, ok: false, status: 404, message: "There is no image with id 999999" },
        { id: b.id, ok: true },
        { id: c.id, ok: true },
      ],
    });
    const listed = await json<{ images: Image[] }>(call("GET", `/api/image?album=${album.id}`));
    // They join the manual album's end in the order given.
    expect(listed.images.map((photo) => photo.id)).toEqual([a.id, b.id, c.id]);

    // Removing: the one not in the album fails and keeps its albums; the others leave only this album.
    const other = await json<Album>(call("POST", "/api/album", { name: "Other" }), 201);
    await json(call("PUT", `/api/image/${a.id}`, { albumIds: [album.id, other.id] }));
    const d = photos[3]!;
    const removed = await json<{ changed: number; results: unknown[] }>(
      batch({ action: "remove-from-album", albumId: album.id, ids: [a.id, d.id, b.id] }),
    );
    expect(removed.changed).toBe(2);
    expect(removed.results).toEqual([
      { id: a.id, ok: true },
      { id: d.id, ok: false, status: 404, message: `The photo with id ${d.id} is not in the album` },
      { id: b.id, ok: true },
    ]);
    expect(await albumIds(a.id)).toEqual([other.id]);
    expect(await albumIds(b.id)).toEqual([]);
    expect(await albumIds(c.id)).toEqual([album.id]);
  });

  it("sets the description of each photo and of no other", async () => {
    // d: a photo no test deletes (the delete test takes e and f).
    const [a, b, , d] = photos as [Image, Image, Image, Image];
    const answer = await json<{ changed: number }>(
      batch({ action: "set-description", description: "Shot at dawn", ids: [a.id, b.id, b.id] }),
    );
    expect(answer.changed).toBe(2);
    expect((await image(a.id)).description).toBe("Shot at dawn");
    expect((await image(b.id)).description).toBe("Shot at dawn");
    expect((await image(d.id)).description).toBe("");
  });

  it("sets visibility as PUT /api/image/{id} does: a hidden photo leaves the visitor's gallery", async () => {
    const [a, b, c] = photos as [Image, Image, Image];
    const visitorList = async () =>
      (await json<{ images: Image[] }>(call("GET", "/api/image?limit=100", undefined, false))).images.map(
        (photo) => photo.id,
      );
    const answer = await json(batch({ action: "set-visibility", visibility: "hidden", ids: [a.id, b.id, 999_998] }));
    expect(answer).toEqual({
      action: "set-visibility",
      changed: 2,
      results: [
        { id: a.id, ok: true },
        { id: b.id, ok: true },
        { id: 999_998, ok: false, status: 404, message: "There is no image with id 999998" },
      ],
    });
    expect((await image(a.id)).visibility).toBe("hidden");
    expect((await image(c.id)).visibility).toBe("public");
    expect(await visitorList()).not.toContain(a.id);
    expect(await visitorList()).not.toContain(b.id);
    expect(await visitorList()).toContain(c.id);
    // b is in no album, so nothing opens it to a visitor by its id either.
    expect((await call("GET", `/api/image/${b.id}`, undefined, false)).status).toBe(404);
    const refused = await json<{ message: string }>(
      batch({ action: "set-visibility", visibility: "secret", ids: [a.id] }),
      400,
    );
    expect(refused.message).toBe("visibility must be one of public, hidden");

    await json(batch({ action: "set-visibility", visibility: "public", ids: [a.id, b.id] }));
    expect(await visitorList()).toContain(a.id);
  });

  it("sets visibility from the select mode's plain form, and the page says how many changed", async () => {
    const [a, b, c] = photos as [Image, Image, Image];
    const form = new URLSearchParams({ intent: "batch", operation: "set-visibility", visibility: "hidden" });
    for (const id of [a.id, c.id]) form.append("ids", String(id));
    const response = await fetch(`${server.url}/photography?select=1`, {
      method: "POST",
      headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("2 photos set to hidden.");
    expect((await image(a.id)).visibility).toBe("hidden");
    expect((await image(b.id)).visibility).toBe("public");
    expect((await image(c.id)).visibility).toBe("hidden");
    await json(batch({ action: "set-visibility", visibility: "public", ids: [a.id, c.id] }));
  });

  it("adds and removes tags from the API and the select mode's plain form, all or nothing", async () => {
    const [a, b] = photos as [Image, Image];
    const outcome = await json<{ changed: number }>(batch({ action: "edit-tags", ids: [a.id, b.id], add: ["Dune"] }));
    expect(outcome.changed).toBe(2);
    const refused = await batch({ action: "edit-tags", ids: [a.id, 999_999], remove: ["Dune"] });
    expect(refused.status).toBe(404);
    expect((await image(a.id)).tags).toEqual(["Dune"]);

    const form = new URLSearchParams({
      intent: "batch",
      operation: "edit-tags",
      addTags: "Coast, sand",
      removeTags: "dune",
    });
    form.append("ids", String(a.id));
    const response = await fetch(`${server.url}/photography?select=1`, {
      method: "POST",
      headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("1 photo retagged.");
    expect((await image(a.id)).tags).toEqual(["Coast", "sand"]);
    expect((await image(b.id)).tags).toEqual(["Dune"]);
  });

  it("deletes photos with their files; one already gone fails alone", async () => {
    const [, , , , e, f] = photos as [Image, Image, Image, Image, Image, Image];
    const answer = await json(batch({ action: "delete", ids: [e.id, f.id, e.id + 10_000] }));
    expect(answer).toEqual({
      action: "delete",
      changed: 2,
      results: [
        { id: e.id, ok: true },
        { id: f.id, ok: true },
        { id: e.id + 10_000, ok: false, status: 404, message: `There is no image with id ${e.id + 10_000}` },
      ],
    });
    expect((await call("GET", `/api/image/${e.id}`)).status).toBe(404);
    const report = expectSoundStorage({ dataDir: server.dataDir, uploadsDir: server.uploadsDir });
    expect(report.ids).not.toContain(f.id);
  });

  it("refuses a request it cannot apply as a whole with a 400 naming the field, changing nothing", async () => {
    const a = photos[0]!;
    const refusal = async (body: unknown) =>
      ((await json<{ message: string }>(batch(body), 400)) as { message: string }).message;
    const tooMany = Array.from({ length: 501 }, (_, index) => index + 1);
    expect(await refusal({ action: "delete", ids: tooMany })).toBe("ids must list 1 to 500 photo ids");
    expect(await refusal({ action: "delete", ids: [] })).toBe("ids must list 1 to 500 photo ids");
    expect(await refusal({ action: "delete", ids: [a.id, "x"] })).toBe(
      "ids[1] must be a photo id (a positive whole number)",
    );
    expect(await refusal({ action: "paint", ids: [a.id] })).toBe(
      "action must be add-to-album, remove-from-album, set-description, set-visibility, edit-tags or delete",
    );
    expect(await refusal({ action: "add-to-album", ids: [a.id] })).toMatch(/^albumId must be an album id/);
    expect(await refusal({ action: "add-to-album", albumId: 424_242, ids: [a.id] })).toBe(
      "There is no album with id 424242",
    );
    expect(await refusal({ action: "set-description", description: "x".repeat(5001), ids: [a.id] })).toMatch(
      /^description must be at most/,
    );
    // 500 ids is the most: every one answered.
    const most = await json<{ results: unknown[] }>(
      batch({ action: "set-description", description: "", ids: Array.from({ length: 500 }, (_, i) => i + 1) }),
    );
    expect(most.results).toHaveLength(500);
    expect(await image(a.id)).toMatchObject({ description: "" });

    expect((await call("POST", "/api/image/batch", { action: "delete", ids: [a.id] }, false)).status).toBe(401);
    expect((await image(a.id)).id).toBe(a.id);
  });
});
