import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image, ImagePage } from "~/lib/image";
import { imageRowCount, queryDb, storageKeyOf, storedFolders } from "../support/inspect";
import { seedImages } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const PAGE_SIZE = 24;
const SEEDED = 55;

let server: TestServer;
let token: string;
let seed = 0;

/** Photos added by the seed fixture (no image pipeline), in order; the library's shapes give them varied sizes. */
function add(names: string[]): Promise<Image[]> {
  return seedImages(
    server,
    token,
    names.map((name) => ({ name, description: `About ${name}`, photo: seed++ })),
  );
}

async function get(path: string): Promise<{ status: number; body: unknown; response: Response }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json(), response };
}

async function list(search = ""): Promise<ImagePage> {
  const { status, body } = await get(`/api/image${search}`);
  expect(status).toBe(200);
  return body as ImagePage;
}

function authed(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A request exactly as written, without fetch's normalising of `..` segments. */
function rawRequest(path: string, method = "GET"): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every neighbour pair is in order by (value, id), ascending or descending. */
function expectSorted(images: Image[], value: (image: Image) => string | number, order: "asc" | "desc") {
  for (let i = 1; i < images.length; i++) {
    const [a, b] = order === "asc" ? [images[i - 1]!, images[i]!] : [images[i]!, images[i - 1]!];
    const before = value(a) < value(b) || (value(a) === value(b) && a.id < b.id);
    expect(before, `${value(a)}#${a.id} before ${value(b)}#${b.id}`).toBe(true);
  }
}

const seeded: Image[] = [];

beforeAll(async () => {
  server = await startServer();
  ({ token } = await loginAdmin(server.url));
  // Names in a different order from upload order, so each sort is visible.
  seeded.push(
    ...(await add(Array.from({ length: SEEDED }, (_, i) => `photo-${String((i * 17) % SEEDED).padStart(2, "0")}`))),
  );
});

afterAll(async () => {
  await server?.stop();
});

// The listing tests count the gallery the file seeded; later ones add and delete photos: in order.
describe("/api/image on one seeded gallery", { shuffle: false }, () => {
  describe("GET /api/image", () => {
    it("defaults to page 1, newest first, with the documented page size", async () => {
      const page = await list();
      expect(page).toMatchObject({ page: 1, pageSize: PAGE_SIZE, hasMore: true });
      expect(page.images).toHaveLength(PAGE_SIZE);
      const newest = [...seeded]
        .reverse()
        .slice(0, PAGE_SIZE)
        .map((i) => i.id);
      expect(page.images.map((i) => i.id)).toEqual(newest);
      expect(await list("?page=1&sortField=uploaded_at&sortOrder=desc")).toEqual(page);
    });

    it("pages through every image exactly once, and the last page says hasMore: false", async () => {
      const pages = [await list("?page=1"), await list("?page=2"), await list("?page=3")];
      expect(pages.map((p) => p.images.length)).toEqual([24, 24, SEEDED - 48]);
      expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
      expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
      expect(pages[2]!.nextCursor).toBeNull();
      const ids = pages.flatMap((p) => p.images.map((i) => i.id));
      expect(ids.sort((a, b) => a - b)).toEqual(seeded.map((i) => i.id).sort((a, b) => a - b));
    });

    it("a page past the end is 200 with no images", async () => {
      for (const page of [4, 1000]) {
        expect(await list(`?page=${page}`)).toMatchObject({ images: [], page, pageSize: PAGE_SIZE, hasMore: false });
      }
    });

    it.each([
      ["uploaded_at", (i: Image) => Date.parse(i.uploaded_at)],
      ["name", (i: Image) => i.name],
      ["size", (i: Image) => i.size],
    ] as const)("sorts by %s both ways", async (field, value) => {
      for (const order of ["asc", "desc"] as const) {
        const all = [
          ...(await list(`?sortField=${field}&sortOrder=${order}&page=1`)).images,
          ...(await list(`?sortField=${field}&sortOrder=${order}&page=2`)).images,
          ...(await list(`?sortField=${field}&sortOrder=${order}&page=3`)).images,
        ];
        expect(all).toHaveLength(SEEDED);
        expectSorted(all, value, order);
      }
    });

    it("uses the sort order alone with the default field", async () => {
      const oldest = await list("?sortOrder=asc");
      expect(oldest.images.map((i) => i.id)).toEqual(seeded.slice(0, PAGE_SIZE).map((i) => i.id));
    });

    it.each([
      ["page=0", /^page must be/],
      ["page=-1", /^page must be/],
      ["page=abc", /^page must be/],
      ["page=1.5", /^page must be/],
      ["sortField=date", /^sortField must be one of uploaded_at, name, size, taken_at, position, featured, relevance$/],
      ["sortField=id;DROP TABLE images", /^sortField must be/],
      ["sortOrder=up", /^sortOrder must be asc or desc$/],
      ["cursor=not-a-cursor", /^cursor is not valid/],
    ])("?%s → 400 with a message", async (search, message) => {
      const { status, body, response } = await get(`/api/image?${search}`);
      expect(status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect((body as { message: string }).message).toMatch(message);
      expect(imageRowCount(server.dataDir)).toBeGreaterThanOrEqual(SEEDED);
    });

    it("a cursor made for another sort is never a 500", async () => {
      const byName = await list("?sortField=name&sortOrder=asc");
      for (const search of [`sortField=uploaded_at`, `sortField=size&sortOrder=asc`]) {
        const { status } = await get(`/api/image?${search}&cursor=${byName.nextCursor}`);
        expect([200, 400]).toContain(status);
      }
    });
  });

  describe("GET /api/image with a cursor", () => {
    async function walk(search: string, between: (step: number, seen: Image[]) => Promise<void>): Promise<Image[]> {
      const seen: Image[] = [];
      let cursor: string | null = null;
      for (let step = 0; step < 10; step++) {
        const page = await list(`?${search}${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...page.images);
        cursor = page.nextCursor;
        expect(cursor === null).toBe(!page.hasMore);
        if (!cursor) return seen;
        await between(step, seen);
      }
      throw new Error("the cursor walk did not end");
    }

    it("returns every image exactly once while images are uploaded and deleted between pages", async () => {
      const before =
        (await list("?page=1")).images.length +
        (await list("?page=2")).images.length +
        (await list("?page=3")).images.length;
      const atStart = new Set<number>();
      for (let page = 1; page <= Math.ceil(before / PAGE_SIZE); page++) {
        for (const image of (await list(`?page=${page}`)).images) atStart.add(image.id);
      }
      const deletedUnseen = new Set<number>();
      const deletedSeen = new Set<number>();
      const uploaded: number[] = [];

      const seen = await walk("sortField=uploaded_at&sortOrder=desc", async (_step, seenSoFar) => {
        // One new photo (newer than the cursor) and two deletions: one already shown, one not yet reached.
        uploaded.push((await add([`late-${seed}`]))[0]!.id);
        const seenIds = new Set(seenSoFar.map((i) => i.id));
        const shown = seenSoFar.map((i) => i.id).find((id) => !deletedSeen.has(id))!;
        const unseen = [...atStart].filter((id) => !seenIds.has(id) && !deletedUnseen.has(id)).at(-1)!;
        for (const id of [shown, unseen]) expect((await authed("DELETE", `/api/image/${id}`)).status).toBe(204);
        atStart.delete(shown);
        deletedSeen.add(shown);
        deletedUnseen.add(unseen);
      });

      const ids = seen.map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      const expected = [...atStart].filter((id) => !deletedUnseen.has(id));
      // Shown-then-deleted images were seen once; deleted-before-reached ones never; new (newer) ones never.
      expect(deletedSeen.size).toBeGreaterThan(1);
      expect(ids.filter((id) => atStart.has(id)).sort()).toEqual(expected.sort());
      expect(ids.filter((id) => deletedUnseen.has(id) || uploaded.includes(id))).toEqual([]);
      expect(ids.filter((id) => deletedSeen.has(id)).sort()).toEqual([...deletedSeen].sort());
      expect(ids.length).toBe(expected.length + deletedSeen.size);
    });

    it("sees an image added beyond the cursor, and none before it, when sorted by name", async () => {
      let early: Image | undefined;
      let late: Image | undefined;
      const seen = await walk("sortField=name&sortOrder=asc", async (step) => {
        if (step > 0) return;
        [early, late] = await add(["aaa-added-before-the-cursor", "zzz-added-after-the-cursor"]);
      });
      const ids = seen.map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(late!.id);
      expect(ids).not.toContain(early!.id);
      expectSorted(seen, (i) => i.name, "asc");
      expect(ids.length).toBe(imageRowCount(server.dataDir) - 1);
    });
  });

  describe("GET /api/image/random", () => {
    it("returns 10 distinct images by default", async () => {
      const { status, body } = await get("/api/image/random");
      expect(status).toBe(200);
      const images = body as Image[];
      expect(images).toHaveLength(10);
      expect(new Set(images.map((i) => i.id)).size).toBe(10);
      expect(images[0]).toHaveProperty("srcset");
    });

    it.each([1, 7, 50])("count=%d gives that many distinct images", async (count) => {
      const { status, body } = await get(`/api/image/random?count=${count}`);
      expect(status).toBe(200);
      const ids = (body as Image[]).map((i) => i.id);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      const known = new Set(queryDb<{ id: number }>(server.dataDir, "SELECT id FROM images").map((r) => r.id));
      expect(ids.every((id) => known.has(id))).toBe(true);
    });

    it.each(["0", "51", "-1", "2.5", "ten", ""])("count=%s → 400", async (count) => {
      const { status, body } = await get(`/api/image/random?count=${count}`);
      expect(status).toBe(400);
      expect(body).toEqual({ message: "count must be a whole number from 1 to 50", field: "count" });
    });
  });

  describe("GET, PUT and DELETE /api/image/:id", () => {
    it("GET returns the image, unknown ids 404", async () => {
      const image = seeded[3]!;
      const { status, body } = await get(`/api/image/${image.id}`);
      expect(status).toBe(200);
      expect(body).toEqual(image);
      expect(await get("/api/image/999999")).toMatchObject({
        status: 404,
        body: { message: "There is no image with id 999999" },
      });
    });

    it("PUT updates name and description (trimmed) and returns the image", async () => {
      const image = seeded[5]!;
      const response = await authed("PUT", `/api/image/${image.id}`, {
        id: image.id,
        name: "  Harbour at dawn ",
        description: "Fog. ",
      });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as Image;
      expect(updated).toEqual({ ...image, name: "Harbour at dawn", description: "Fog." });
      expect((await get(`/api/image/${image.id}`)).body).toEqual(updated);
      const [row] = queryDb<{ name: string; uploaded_at: number; updated_at: number }>(
        server.dataDir,
        "SELECT name, uploaded_at, updated_at FROM images WHERE id = ?",
        image.id,
      );
      expect(row!.name).toBe("Harbour at dawn");
      expect(row!.updated_at).toBeGreaterThan(row!.uploaded_at);
    });

    it("PUT accepts the id as a string or left out", async () => {
      const image = seeded[6]!;
      expect((await authed("PUT", `/api/image/${image.id}`, { id: String(image.id), name: "A" })).status).toBe(200);
      expect((await authed("PUT", `/api/image/${image.id}`, { name: "B" })).status).toBe(200);
    });

    it.each([
      ["a body id that differs from the path", 400, (id: number) => ({ id: id + 1, name: "Other" }), /does not match/],
      ["bad JSON", 400, () => "{ not json", /JSON object/],
      ["a JSON array", 400, () => "[]", /JSON object/],
      ["an empty name", 400, (id: number) => ({ id, name: "   " }), /^name must not be empty$/],
      ["no name", 400, (id: number) => ({ id, description: "x" }), /^name must be a string$/],
      ["a name too long", 400, (id: number) => ({ id, name: "n".repeat(201) }), /at most 200/],
    ])("PUT with %s → %d, the row unchanged", async (_label, status, body, message) => {
      const image = seeded[7]!;
      const before = queryDb(server.dataDir, "SELECT * FROM images WHERE id = ?", image.id);
      const response = await authed("PUT", `/api/image/${image.id}`, body(image.id));
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
      expect(queryDb(server.dataDir, "SELECT * FROM images WHERE id = ?", image.id)).toEqual(before);
    });

    it("PUT on an unknown id → 404", async () => {
      const response = await authed("PUT", "/api/image/999999", { id: 999999, name: "Ghost" });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "There is no image with id 999999" });
    });

    it("DELETE → 204, the row and the files are gone, then 404", async () => {
      const image = seeded[8]!;
      const key = storageKeyOf(image);
      expect(storedFolders(server.uploadsDir)).toContain(key);
      expect((await fetch(`${server.url}${image.url}`)).status).toBe(200);

      const response = await authed("DELETE", `/api/image/${image.id}`);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect(storedFolders(server.uploadsDir)).not.toContain(key);
      expect(queryDb(server.dataDir, "SELECT id FROM images WHERE id = ?", image.id)).toEqual([]);
      expect((await get(`/api/image/${image.id}`)).status).toBe(404);
      expect((await fetch(`${server.url}${image.url}`)).status).toBe(404);
      expect((await authed("DELETE", `/api/image/${image.id}`)).status).toBe(404);
      expect((await authed("PUT", `/api/image/${image.id}`, { name: "Back" })).status).toBe(404);
    });
  });

  describe("a method an /api address does not serve", () => {
    it.each([
      ["GET", "/api/auth/login", "POST"],
      ["GET", "/api/auth/logout", "POST"],
      ["POST", "/api/auth/validate", "GET"],
      ["POST", "/api/image/random", "GET"],
      ["POST", "/healthz", "GET"],
    ])("%s %s → 405 JSON naming %s", async (method, path, allow) => {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(await response.json()).toEqual({ message: `Use ${allow} here.` });
    });

    it("PATCH on an image → 405", async () => {
      expect((await authed("PATCH", `/api/image/${seeded[9]!.id}`, { name: "x" })).status).toBe(405);
    });
  });

  describe("path-traversal and malformed ids", () => {
    const ids = ["..%2F..%2Fetc", "..%2F..%2Fetc%2Fpasswd", "1.5", "-1", "0", "1e3", "abc", "99999999999999999999"];

    it.each(ids)("GET, PUT and DELETE /api/image/%s → 400 or 404 with JSON, never 500", async (id) => {
      const rows = imageRowCount(server.dataDir);
      for (const method of ["GET", "PUT", "DELETE"]) {
        const response = await authed(method, `/api/image/${id}`, method === "PUT" ? { name: "x" } : undefined);
        expect([400, 404], `${method} ${id}`).toContain(response.status);
        expect(((await response.json()) as { message: string }).message).toEqual(expect.any(String));
      }
      expect(imageRowCount(server.dataDir)).toBe(rows);
    });

    it("raw `..` segments never reach a file", async () => {
      const paths = [
        "/api/image/../../etc/passwd",
        "/api/image/%2e%2e/%2e%2e/etc/passwd",
        "/api/image/..%2f..%2f..%2fetc%2fpasswd",
        "/media/../../etc/passwd",
      ];
      for (const path of paths) {
        const { status, body } = await rawRequest(path);
        expect([400, 404], path).toContain(status);
        expect(body).not.toContain("root:");
      }
      const { status } = await rawRequest("/api/image/..%2F..%2Fetc", "DELETE");
      expect(status).toBe(400);
    });
  });
});
