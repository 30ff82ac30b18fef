// The owner's share-link API (docs/api.md#share-links, record 040) against the built server: its guard, its
// fields, and the token given once and kept only as its hash.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import { shareKit } from "../support/share-links";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let kit: ReturnType<typeof shareKit>;
let albumA: Album;
let albumB: Album;

beforeAll(async () => {
  server = await startServer();
  kit = shareKit(server, await loginAdmin(server.url));
  albumA = await kit.createAlbum("Wedding A", "wedding-a");
  albumB = await kit.createAlbum("Wedding B", "wedding-b");
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
        headers: kit.asOwner(),
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const missing = await fetch(`${server.url}/api/album/999999/links`, { headers: kit.asOwner() });
    expect(missing.status).toBe(404);
  });

  it("changes a link only through its own album, refusing bad fields by name", async () => {
    const link = await kit.createLink(albumA.id, { label: "Changing" });
    const put = (albumId: number, body: unknown) =>
      fetch(`${server.url}/api/album/${albumId}/links/${link.id}`, {
        method: "PUT",
        headers: kit.asOwner(),
        body: JSON.stringify(body),
      });
    expect((await put(albumB.id, { label: "Moved" })).status).toBe(404);
    expect(
      (
        await fetch(`${server.url}/api/album/${albumB.id}/links/${link.id}`, {
          method: "DELETE",
          headers: kit.asOwner(),
        })
      ).status,
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

  it("gives the token as an absolute url, again in the list, and keeps only its hash and a sealed copy", async () => {
    const link = await kit.createLink(albumA.id, { label: "Token check", download: "web" });
    const token = kit.linkPath(link).slice("/s/".length);
    expect(link.url).toBe(`${server.url}/s/${token}`);
    // At least 128 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const listed = (await kit.listLinks(albumA.id)).find((each) => each.id === link.id)!;
    expect(listed).toMatchObject({ label: "Token check", download: "web", viewCount: 0, state: "live" });
    // The owner copies a live link again (record 069).
    expect(listed.url).toBe(link.url);
    expect(listed).not.toHaveProperty("tokenHash");

    const db = kit.database();
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
