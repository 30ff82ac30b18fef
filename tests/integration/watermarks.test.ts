// Watermarked proofs (record 088, docs/behaviour.md#watermarks): every image a marked link's client sees is its
// proof, drawn on first request and stored; the unmarked files stay the owner's; a changed mark or a revoke takes the
// proofs out of the store.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import type { Watermark } from "~/lib/watermark";
import { rawGet } from "../support/conditional";
import { queryDb } from "../support/inspect";
import { makeLogoPng } from "../support/images";
import { postLogoForm } from "../support/site";
import { readStoredZip } from "../support/zip";
import { shareKit } from "../support/share-links";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };
let kit: ReturnType<typeof shareKit>;
let album: Album;
let hidden: Image;

const TEXT_MARK: Watermark = { kind: "text", text: "© Ana Lima", position: "centre", size: 60, opacity: 90 };

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  kit = shareKit(server, session);
  album = await kit.createAlbum("Proofs for Ana", "proofs-for-ana");
  hidden = await kit.addPhoto("Hidden proof", album.id);
});

afterAll(async () => {
  await server?.stop();
});

/** Every /media address in the page's HTML. */
const mediaUrls = (html: string) => [...html.matchAll(/\/media\/[a-f0-9]{32}\/[\w.-]+/g)].map(([url]) => url);

const keyOf = (image: Image) => /\/media\/([a-f0-9]{32})\//.exec(image.url)![1]!;

/** The proof rows the server made: their link, stamp and the key their file is stored under. */
const proofRows = () =>
  queryDb<{ linkId: number; stamp: string; storageKey: string }>(
    server.dataDir,
    "SELECT link_id AS linkId, stamp, storage_key AS storageKey FROM proof_variants",
  );

const storedFolder = (key: string) => path.join(server.uploadsDir, "images", key);

/** How far two same-sized images' pixels are apart, on average per channel (0 to 255). */
async function pixelDistance(a: Buffer, b: Buffer): Promise<number> {
  const [one, two] = await Promise.all([a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < one!.length; i++) sum += Math.abs(one![i]! - two![i]!);
  return sum / one!.length;
}

describe("a watermarked link", () => {
  it("shows its client proofs only, drawn once, and keeps the unmarked files from them", async () => {
    const link = await kit.createLink(album.id, { label: "Marked", download: "web", watermark: TEXT_MARK });
    expect(link.watermark).toEqual(TEXT_MARK);
    const grant = await kit.openLink(link);

    const page = await (await kit.get(`/photography/albums/${album.slug}`, grant)).text();
    const urls = mediaUrls(page).filter((url) => url.includes(keyOf(hidden)));
    expect(urls.length).toBeGreaterThan(2);
    expect(
      urls.every((url) => new RegExp(`/p${link.id}-[0-9a-f]{12}-w\\d+\\.webp$`).test(url)),
      urls.join(),
    ).toBe(true);
    expect(page).not.toContain(".avif");
    // The album's Open Graph image, its cover, is a proof too.
    expect(/<meta property="og:image" content="([^"]+)"/.exec(page)?.[1]).toMatch(new RegExp(`/p${link.id}-`));
    // The viewer's deep link shows the same proofs.
    const deep = await (await kit.get(`/photography/albums/${album.slug}?image=${hidden.id}`, grant)).text();
    expect(
      mediaUrls(deep)
        .filter((url) => url.includes(keyOf(hidden)))
        .every((url) => url.includes(`/p${link.id}-`)),
    ).toBe(true);

    const proofUrl = urls.find((url) => url.includes(keyOf(hidden)))!;
    const width = Number(/-w(\d+)\.webp$/.exec(proofUrl)![1]);
    const proof = await kit.get(proofUrl, grant);
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("image/webp");
    expect(proof.headers.get("cache-control")).toBe("private, max-age=60");
    const etag = proof.headers.get("etag")!;
    const proofBytes = Buffer.from(await proof.arrayBuffer());
    const clean = Buffer.from(
      await (
        await fetch(server.url + `/media/${keyOf(hidden)}/w${width}.webp`, {
          headers: kit.asOwner(),
        })
      ).arrayBuffer(),
    );
    expect((await sharp(proofBytes).metadata()).width).toBe(width);
    expect(await pixelDistance(proofBytes, clean)).toBeGreaterThan(3);
    expect((await sharp(proofBytes).metadata()).exif).toBeUndefined();

    // Stored: asked again, the same file, and the browser's copy is fresh.
    expect((await kit.get(proofUrl, grant)).headers.get("etag")).toBe(etag);
    expect((await rawGet(server.url + proofUrl, { Cookie: grant, "If-None-Match": etag })).status).toBe(304);
    expect(proofRows().filter((row) => row.linkId === link.id)).toHaveLength(1);

    // The API's answer for the photo gives the client the same proofs.
    const asked = (await (await kit.get(`/api/image/${hidden.id}`, grant)).json()) as Image;
    expect([asked.url, ...asked.srcset.split(", ")].every((url) => url.includes(`/p${link.id}-`))).toBe(true);
    expect((await kit.get(asked.url, grant)).status).toBe(200);

    // The photo's own file is not the client's.
    expect((await kit.get(`/media/${keyOf(hidden)}/w${width}.webp`, grant)).status).toBe(404);
    // Nobody else has the proof but the owner: not a visitor, not another mark's address.
    expect((await kit.get(proofUrl)).status).toBe(404);
    expect((await kit.get(proofUrl.replace(/-[0-9a-f]{12}-/, "-000000000000-"), grant)).status).toBe(404);
  });

  it("marks the web-size downloads, one by one and in the ZIP, and says originals are not", async () => {
    const link = await kit.createLink(album.id, { label: "Downloads", download: "web", watermark: TEXT_MARK });
    const grant = await kit.openLink(link);
    const page = await (await kit.get(`/photography/albums/${album.slug}`, grant)).text();
    expect(page).toContain("Downloads carry the watermark.");
    const download = await kit.get(`/photography/albums/${album.slug}/download/${hidden.id}?size=web`, grant);
    expect(download.status).toBe(200);
    const marked = Buffer.from(await download.arrayBuffer());
    const largest = Math.max(...hidden.srcset.split(", ").map((each) => Number(/ (\d+)w$/.exec(each)![1])));
    const clean = Buffer.from(
      await (
        await fetch(server.url + `/media/${keyOf(hidden)}/w${largest}.webp`, {
          headers: kit.asOwner(),
        })
      ).arrayBuffer(),
    );
    expect(await pixelDistance(marked, clean)).toBeGreaterThan(3);
    const zip = readStoredZip(
      Buffer.from(await (await kit.get(`/photography/albums/${album.slug}/download`, grant)).arrayBuffer()),
    );
    expect(zip.find((entry) => entry.name === "Hidden proof.webp")!.data).toEqual(marked);

    const originals = await kit.openLink(
      await kit.createLink(album.id, { label: "Originals", download: "original", watermark: TEXT_MARK }),
    );
    const originalsPage = await (await kit.get(`/photography/albums/${album.slug}`, originals)).text();
    expect(originalsPage).toContain("Downloads are the originals, without the watermark.");
  });

  it("never marks what the owner sees, and shows them each marked link's cover as its client sees it", async () => {
    const link = await kit.createLink(album.id, { label: "Owner check", watermark: TEXT_MARK });
    const page = await (
      await fetch(`${server.url}/photography/albums/${album.slug}`, { headers: kit.asOwner() })
    ).text();
    expect(mediaUrls(page).some((url) => /\/p\d+-/.test(url))).toBe(false);
    expect(page).not.toContain("carry the watermark");

    const admin = await (
      await fetch(`${server.url}/photography/admin/albums/${album.slug}`, { headers: kit.asOwner() })
    ).text();
    const preview = new RegExp(
      `<img src="(/media/[a-f0-9]{32}/p${link.id}-[0-9a-f]{12}-w\\d+\\.webp)"[^>]*alt="The album's cover as Owner check sees it, watermarked"`,
    ).exec(admin.replaceAll("&#x27;", "'"))?.[1];
    expect(preview).toBeDefined();
    const drawn = await fetch(server.url + preview!, { headers: kit.asOwner() });
    expect([drawn.status, drawn.headers.get("content-type")]).toEqual([200, "image/webp"]);
    // The preview's address is the client's own: the same file.
    const grant = await kit.openLink(link);
    expect(Buffer.from(await (await kit.get(preview!, grant)).arrayBuffer())).toEqual(
      Buffer.from(await drawn.arrayBuffer()),
    );
  });

  it("takes a changed mark's proofs and a revoked link's out of the store", async () => {
    const link = await kit.createLink(album.id, { label: "Changing", watermark: TEXT_MARK });
    const grant = await kit.openLink(link);
    const firstUrl = mediaUrls(await (await kit.get(`/photography/albums/${album.slug}`, grant)).text()).find(
      (url) => url.includes(`/p${link.id}-`) && url.endsWith("-w320.webp"),
    )!;
    expect((await kit.get(firstUrl, grant)).status).toBe(200);
    const [first] = proofRows().filter((row) => row.linkId === link.id);
    expect(fs.existsSync(storedFolder(first!.storageKey))).toBe(true);

    const changed = await fetch(`${server.url}/api/album/${album.id}/links/${link.id}`, {
      method: "PUT",
      headers: kit.asOwner(),
      body: JSON.stringify({ watermark: { ...TEXT_MARK, position: "tiled", size: 20 } }),
    });
    expect(changed.status).toBe(200);
    expect(fs.existsSync(storedFolder(first!.storageKey))).toBe(false);
    expect((await kit.get(firstUrl, grant)).status).toBe(404);
    const secondUrl = mediaUrls(await (await kit.get(`/photography/albums/${album.slug}`, grant)).text()).find(
      (url) => url.includes(`/p${link.id}-`) && url.endsWith("-w320.webp"),
    )!;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await kit.get(secondUrl, grant)).status).toBe(200);
    const [second] = proofRows().filter((row) => row.linkId === link.id);

    const revoked = await fetch(`${server.url}/api/album/${album.id}/links/${link.id}`, {
      method: "DELETE",
      headers: kit.asOwner(),
    });
    expect(revoked.status).toBe(204);
    expect(proofRows().filter((row) => row.linkId === link.id)).toEqual([]);
    expect(fs.existsSync(storedFolder(second!.storageKey))).toBe(false);
  });

  it("takes a deleted photo's proofs out of the store with it", async () => {
    const photo = await kit.addPhoto("Deleted proof", album.id);
    const link = await kit.createLink(album.id, { label: "Deleting", watermark: TEXT_MARK });
    const grant = await kit.openLink(link);
    const proofUrl = mediaUrls(await (await kit.get(`/photography/albums/${album.slug}`, grant)).text()).find(
      (url) => url.includes(keyOf(photo)) && url.includes(`/p${link.id}-`),
    )!;
    expect((await kit.get(proofUrl, grant)).status).toBe(200);
    const [proof] = proofRows().filter((row) => row.linkId === link.id);
    const deleted = await fetch(`${server.url}/api/image/${photo.id}`, { method: "DELETE", headers: kit.asOwner() });
    expect(deleted.status).toBeLessThan(300);
    expect(proofRows().filter((row) => row.linkId === link.id)).toEqual([]);
    // The row's trigger journalled its file; the storage sweep after the delete removes it.
    await expect.poll(() => fs.existsSync(storedFolder(proof!.storageKey))).toBe(false);
  });

  it("refuses a mark it cannot draw, naming the field", async () => {
    const refused = async (watermark: unknown) => {
      const response = await fetch(`${server.url}/api/album/${album.id}/links`, {
        method: "POST",
        headers: kit.asOwner(),
        body: JSON.stringify({ label: "Bad mark", watermark }),
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as { message: string; field: string }).field;
    };
    expect(await refused({ ...TEXT_MARK, text: "" })).toBe("watermark.text");
    expect(await refused({ ...TEXT_MARK, opacity: 5 })).toBe("watermark.opacity");
    expect(await refused({ ...TEXT_MARK, kind: "logo" })).toBe("watermark");
  });

  it("draws the owner's logo, and a new logo from the next view on", async () => {
    expect(await postLogoForm(server.url, session.cookie, await makeLogoPng())).toBe("Logo saved.");
    const link = await kit.createLink(album.id, {
      label: "Logo",
      watermark: { kind: "logo", text: "", position: "bottom-right", size: 30, opacity: 100 },
    });
    const grant = await kit.openLink(link);
    const proofUrl = mediaUrls(await (await kit.get(`/photography/albums/${album.slug}`, grant)).text()).find((url) =>
      url.includes(`/p${link.id}-`),
    )!;
    const first = Buffer.from(await (await kit.get(proofUrl, grant)).arrayBuffer());
    const width = Number(/-w(\d+)\.webp$/.exec(proofUrl)![1]);
    const clean = Buffer.from(
      await (
        await fetch(server.url + `/media/${keyOf(hidden)}/w${width}.webp`, { headers: kit.asOwner() })
      ).arrayBuffer(),
    );
    expect(await pixelDistance(first, clean)).toBeGreaterThan(1);
    const [drawn] = proofRows().filter((row) => row.linkId === link.id);

    expect(await postLogoForm(server.url, session.cookie, await makeLogoPng(300, 300))).toBe("Logo saved.");
    expect(fs.existsSync(storedFolder(drawn!.storageKey))).toBe(false);
    const second = Buffer.from(await (await kit.get(proofUrl, grant)).arrayBuffer());
    expect(second.equals(first)).toBe(false);

    // Without a logo, a logo mark shows nothing rather than the photo unmarked.
    expect(await postLogoForm(server.url, session.cookie, null)).toBe("Logo removed.");
    expect((await kit.get(proofUrl, grant)).status).toBe(404);
  });
});
