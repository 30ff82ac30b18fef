// Downloads through share links (docs/behaviour.md#downloads): a client downloads what their link was made with,
// never more, never from another album, and never once the link is revoked; the album page offers the controls
// to exactly those clients.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { readStoredZip } from "../support/zip";
import { shareKit } from "../support/share-links";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let kit: ReturnType<typeof shareKit>;
let album: Album;
let other: Album;
let photo: Image;
let elsewhere: Image;

beforeAll(async () => {
  server = await startServer();
  kit = shareKit(server, await loginAdmin(server.url));
  album = await kit.createAlbum("Delivery", "delivery");
  other = await kit.createAlbum("Other client", "other-client");
  photo = await kit.addPhoto("Delivered", album.id);
  elsewhere = await kit.addPhoto("Not theirs", other.id);
});

afterAll(async () => {
  await server?.stop();
});

const one = (slug: string, id: number, size?: "web" | "original") =>
  `/photography/albums/${slug}/download/${id}${size ? `?size=${size}` : ""}`;
const all = (slug: string) => `/photography/albums/${slug}/download`;

describe("a client's downloads follow their link", () => {
  it("a link made with 'none' opens the album but downloads nothing, and shows no Download control", async () => {
    const grant = await kit.openLink(await kit.createLink(album.id, { label: "Look only", download: "none" }));
    const page = await kit.get(`/photography/albums/${album.slug}`, grant);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("Download all");
    for (const path of [one(album.slug, photo.id), one(album.slug, photo.id, "web"), all(album.slug)]) {
      expect((await kit.get(path, grant)).status, path).toBe(404);
    }
  });

  it("a link made with 'web' gives the web size and the ZIP, not the original", async () => {
    const grant = await kit.openLink(await kit.createLink(album.id, { label: "Web", download: "web" }));
    expect(await (await kit.get(`/photography/albums/${album.slug}`, grant)).text()).toContain("Download all");
    const web = await kit.get(one(album.slug, photo.id, "web"), grant);
    expect(web.status).toBe(200);
    expect(web.headers.get("cache-control")).toBe("private, no-store");
    expect(web.headers.get("content-disposition")).toMatch(/^attachment/);
    // Without a size: the largest the link allows, which is the web size.
    const largest = await kit.get(one(album.slug, photo.id), grant);
    expect(Buffer.from(await largest.arrayBuffer())).toEqual(Buffer.from(await web.arrayBuffer()));
    expect((await kit.get(one(album.slug, photo.id, "original"), grant)).status).toBe(404);
    const zip = await kit.get(all(album.slug), grant);
    expect(zip.status).toBe(200);
    const entries = readStoredZip(Buffer.from(await zip.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(["Delivered.webp"]);
  });

  it("a link made with 'original' gives the original, in its own album only, until it is revoked", async () => {
    const link = await kit.createLink(album.id, { label: "Originals", download: "original" });
    const grant = await kit.openLink(link);
    const original = await kit.get(one(album.slug, photo.id, "original"), grant);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    // Not the other client's album, not its photo through this album's address.
    expect((await kit.get(one(other.slug, elsewhere.id, "original"), grant)).status).toBe(404);
    expect((await kit.get(one(album.slug, elsewhere.id, "original"), grant)).status).toBe(404);
    expect((await kit.get(all(other.slug), grant)).status).toBe(404);

    const revoked = await fetch(`${server.url}/api/album/${album.id}/links/${link.id}`, {
      method: "DELETE",
      headers: kit.asOwner(),
    });
    expect(revoked.status).toBeLessThan(300);
    expect((await kit.get(one(album.slug, photo.id, "original"), grant)).status).toBe(404);
    expect((await kit.get(all(album.slug), grant)).status).toBe(404);
  });
});
