// The albums page's cards (photo count and the months taken, read with the
// list), covers cropped around their subject, and "Use as album cover" through
// its confirmation step as a browser without JavaScript sends it.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { uploadImage } from "../support/images";
import { seedImages } from "../support/seed";
import { loginAdmin, pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };
let seed = 7000;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

async function upload(data: Buffer): Promise<Image> {
  const response = await uploadImage(server.url, session.token, { data, filename: `c${seed++}.jpg` });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Image;
}

/** An album holding photos taken at these times, as the camera's EXIF date without an offset reads (null: none). */
async function albumTaken(name: string, dates: (string | null)[]): Promise<Album> {
  const album = await api<Album>("POST", "/api/album", { name });
  await seedImages(
    server,
    session.token,
    dates.map((date) => ({
      name: `c${seed++}.jpg`,
      takenAt: date === null ? null : new Date(`${date}Z`),
      albumIds: [album.id],
    })),
  );
  return album;
}

/** The text under an album's name on the albums page. */
async function cardFacts(album: Album): Promise<string> {
  const page = await (await fetch(`${server.url}/photography/albums`)).text();
  const card = page.slice(page.indexOf(`>${album.name}</a>`));
  return pageText(/album-card__count">(.*?)<\/p>/.exec(card)![1]!);
}

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
});
afterAll(() => server?.stop());

describe("an album's card", () => {
  it("shows how many photos and the months they were taken, by the camera's date", async () => {
    const spring = await albumTaken("Spring", ["2025-06-20T10:00:00", "2025-05-03T09:00:00", null]);
    const winter = await albumTaken("Winter", ["2024-12-31T23:30:00", "2025-01-02T08:00:00"]);
    const may = await albumTaken("May", ["2025-05-01T00:10:00", "2025-05-31T23:50:00"]);
    const undated = await albumTaken("Undated", [null]);
    const empty = await albumTaken("Empty", []);

    expect(await cardFacts(spring)).toBe("3 photos · May–June 2025");
    expect(await cardFacts(winter)).toBe("2 photos · December 2024–January 2025");
    expect(await cardFacts(may)).toBe("2 photos · May 2025");
    expect(await cardFacts(undated)).toBe("1 photo");
    expect(await cardFacts(empty)).toBe("0 photos");
  });

  it("crops a wide cover around its subject, not at the centre", async () => {
    // A panorama, three times as wide as tall, with its one bright subject near the left edge.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300">
      <rect width="900" height="300" fill="#6b6b6b"/><circle cx="120" cy="150" r="70" fill="#f2a07b"/>
      <circle cx="120" cy="150" r="30" fill="#d0302a"/></svg>`;
    const album = await api<Album>("POST", "/api/album", { name: "Panorama" });
    const photo = await upload(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer());
    await api("PUT", `/api/image/${photo.id}`, { albumIds: [album.id] });

    const page = await (await fetch(`${server.url}/photography/albums`)).text();
    const card = page.slice(page.indexOf(`>${album.name}</a>`) - 3000, page.indexOf(`>${album.name}</a>`));
    // The 3:2 frame shows half of the width: its left half, where the subject is.
    expect(card).toMatch(/object-position:0% 50%/);
  });
});

describe("Use as album cover, without JavaScript", () => {
  it("asks first, then makes the photo the cover, which is not offered again", async () => {
    const album = await albumTaken("Cover choice", [null, null]);
    const { images } = await api<{ images: Image[] }>("GET", `/api/image?album=${album.id}`);
    // Until one is chosen, the cover is the album's newest photo.
    const newest = (await api<Album>("GET", `/api/album/${album.id}`)).cover!;
    const older = images.find((photo) => photo.id !== newest.id)!;
    const base = `${server.url}/photography/albums/${album.slug}`;
    const page = async (query: string) =>
      (await fetch(`${base}?${query}`, { headers: { Cookie: session.cookie } })).text();

    expect(await page(`image=${newest.id}`)).toContain("This photo is the album&#x27;s cover.");
    const view = await page(`image=${older.id}`);
    expect(view).not.toContain("album&#x27;s cover.");
    expect(view).toContain(`href="/photography/albums/${album.slug}?image=${older.id}&amp;confirm=cover"`);

    const confirm = await page(`image=${older.id}&confirm=cover`);
    expect(confirm).toContain("Use this photo as the album&#x27;s cover?");
    expect((await api<Album>("GET", `/api/album/${album.id}`)).cover?.id).toBe(newest.id);

    const response = await fetch(`${base}?image=${older.id}`, {
      method: "POST",
      headers: { Cookie: session.cookie, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({
        intent: "cover",
        id: String(older.id),
        redirectTo: `/photography/albums/${album.slug}?image=${older.id}`,
      }),
      redirect: "manual",
    });
    expect(response.status, await response.clone().text()).toBe(303);
    expect((await api<Album>("GET", `/api/album/${album.id}`)).cover?.id).toBe(older.id);
    const after = await page(`image=${older.id}`);
    expect(after).toContain("This photo is the album&#x27;s cover.");
    expect(after).not.toContain("confirm=cover");
  });
});
