import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { seedImages } from "../support/seed";
import { loginAdmin, pageText, startServer, type TestServer } from "../support/server";

const PUBLIC_URL = "https://photos.example.org";
let server: TestServer;
let token: string;

interface AtomLink {
  "@_rel": string;
  "@_href": string;
  "@_type"?: string;
}
interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  published: string;
  link: AtomLink[];
  content: { "#text": string; "@_type": string };
  "media:content": { "@_url": string; "@_medium": string; "@_width": string; "@_height": string };
}
interface AtomFeed {
  "@_xmlns": string;
  id: string;
  title: string;
  updated: string;
  author: { name: string };
  link: AtomLink[];
  entry?: AtomEntry[];
}

async function upload(name: string, description: string, width = 1600): Promise<Image> {
  const response = await uploadImage(
    server.url,
    token,
    { data: await makeJpeg(width, 900, width), filename: `${name}.jpg` },
    { name, description },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

async function readFeed(
  path = "/photography/feed.xml",
  site: TestServer = server,
): Promise<{ response: Response; feed: AtomFeed; xml: string }> {
  const response = await fetch(site.url + path);
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "link" });
  const feed = (parsed.parse(xml) as { feed: AtomFeed }).feed;
  return { response, feed, xml };
}

/** The site's URLs in the feed are on PUBLIC_URL; the test server answers them at its own address. */
function local(url: string): string {
  expect(url.startsWith(PUBLIC_URL + "/")).toBe(true);
  return server.url + url.slice(PUBLIC_URL.length);
}

beforeAll(async () => {
  server = await startServer({ env: { PUBLIC_URL } });
  token = (await loginAdmin(server.url)).token;
});
afterAll(() => server?.stop());

// The feed grows by the photos each step adds and counts them: in order.
describe("the gallery's Atom feed", { shuffle: false }, () => {
  it("is well-formed Atom 1.0 with the required elements even when the gallery is empty", async () => {
    // A site of its own: this file's gallery fills up as its other tests run.
    const empty = await startServer({ env: { PUBLIC_URL } });
    onTestFinished(async () => void (await empty.stop()));
    const { response, feed } = await readFeed("/photography/feed.xml", empty);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe(`${PUBLIC_URL}/photography/feed.xml`);
    expect(feed.title).toBe("Image Gallery | Alex Sample");
    expect(feed.author.name).toBe("Alex Sample");
    expect(Date.parse(feed.updated)).not.toBeNaN();
    expect(feed.link.find((link) => link["@_rel"] === "self")?.["@_href"]).toBe(feed.id);
    expect(feed.entry ?? []).toHaveLength(0);
  });

  it("carries the newest photos first, each with its deep link and its 1280 px variant, all answering 200", async () => {
    const older = await upload("Harbour at dawn", "Fog over the water.\n\nShot from the pier & the <old> crane.");
    const newer = await upload("Small one", "", 800);
    const { feed, xml } = await readFeed();
    const entries = feed.entry ?? [];
    expect(entries.map((entry) => entry.title)).toEqual(["Small one", "Harbour at dawn"]);
    expect(xml).not.toContain("<old>");

    const [small, harbour] = entries as [AtomEntry, AtomEntry];
    expect(harbour.id).toBe(`${PUBLIC_URL}/photography?image=${older.id}`);
    expect(harbour.link[0]!["@_href"]).toBe(harbour.id);
    expect(harbour.link[0]!["@_rel"]).toBe("alternate");
    expect(harbour["media:content"]["@_url"]).toMatch(/\/w1280\.webp$/);
    expect(harbour["media:content"]["@_width"]).toBe("1280");
    expect(harbour["media:content"]["@_height"]).toBe("720");
    expect(harbour.content["@_type"]).toBe("html");
    expect(harbour.content["#text"]).toContain(`<img src="${harbour["media:content"]["@_url"]}"`);
    expect(harbour.content["#text"]).toContain(
      "<p>Fog over the water.</p><p>Shot from the pier &amp; the &lt;old&gt; crane.</p>",
    );
    // A photo narrower than 1280 px is shown at its own width.
    expect(small.link[0]!["@_href"]).toBe(`${PUBLIC_URL}/photography?image=${newer.id}`);
    expect(small["media:content"]["@_url"]).toMatch(/\/w800\.webp$/);
    expect(Date.parse(feed.updated)).toBeGreaterThanOrEqual(Date.parse(small.updated));

    for (const entry of entries) {
      const page = await fetch(local(entry.link[0]!["@_href"]));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(entry.title);
      const media = await fetch(local(entry["media:content"]["@_url"]));
      expect(media.status).toBe(200);
      expect(media.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("an entry's link is the photo's deep link: the page opens on the viewer, named after the photo", async () => {
    const photo = await upload("Opened from the feed", "", 902);
    const { feed } = await readFeed();
    const entry = feed.entry!.find((candidate) => candidate.link[0]!["@_href"].endsWith(`?image=${photo.id}`))!;
    const html = await (await fetch(local(entry.link[0]!["@_href"]))).text();
    // The dialog is labelled by the photo's heading.
    expect(html).toMatch(/role="dialog"[^>]*aria-labelledby="viewer-title"/);
    expect(pageText(/<h2 id="viewer-title"[^>]*>(.*?)<\/h2>/s.exec(html)![1]!)).toBe(entry.title);
  });

  it("is announced on the gallery page for feed readers", async () => {
    const html = await (await fetch(`${server.url}/photography`)).text();
    expect(html).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="Image Gallery \| Alex Sample" href="\/photography\/feed.xml"\/>/,
    );
  });

  it("has one per album, with only the album's photos; an unknown album's is a 404", async () => {
    const [photo] = (await seedImages(server, token, [{ name: "In the album" }, { name: "Not in the album" }])) as [
      Image,
    ];
    const album = await fetch(`${server.url}/api/album`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Fjords" }),
    });
    const { id, slug } = (await album.json()) as { id: number; slug: string };
    await fetch(`${server.url}/api/image/${photo.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ albumIds: [id] }),
    });
    const { feed } = await readFeed(`/photography/albums/${slug}/feed.xml`);
    expect(feed.title).toBe("Fjords | Alex Sample");
    expect(feed.id).toBe(`${PUBLIC_URL}/photography/albums/fjords/feed.xml`);
    expect((feed.entry ?? []).map((entry) => entry.title)).toEqual(["In the album"]);
    expect((await fetch(`${server.url}/photography/albums/nowhere/feed.xml`)).status).toBe(404);
  });
});
