// The search over HTTP (record 076): the page as the server renders it (no JavaScript needed), GET /api/image?q= and
// the header's form. Who finds what, the words and the order are the in-process search.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImagePage } from "~/lib/image";
import { seedPhotos } from "../support/seed";
import { pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  await seedPhotos(server, [{ name: "Zqharbour in Malmö" }, { name: "Zqharbour at night", visibility: "hidden" }]);
});
afterAll(async () => {
  await server?.stop();
});

/** Whether the HTML has a `tag` element carrying every one of `attributes` (in any order). */
function hasTag(html: string, tag: string, ...attributes: string[]): boolean {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))].some(([element]) =>
    attributes.every((attribute) => element.includes(attribute)),
  );
}

const SEARCH_FORM = ['method="get"', 'action="/photography/search"', 'role="search"'];

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text() };
}

describe("the search page", () => {
  it("without a search, is the box alone: a plain GET form, kept out of search engines", async () => {
    const { status, html } = await page("/photography/search");
    expect(status).toBe(200);
    expect(hasTag(html, "form", ...SEARCH_FORM, 'class="search-box"')).toBe(true);
    expect(html).toMatch(/<label for="search-box"[^>]*>Search photos<\/label>/);
    expect(hasTag(html, "input", 'id="search-box"', 'name="q"', 'type="search"')).toBe(true);
    // The page's own box takes the header's place.
    expect(html).not.toContain('id="site-search"');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(pageText(html)).not.toContain("Results for");
  });

  it("renders the visitor's results for ?q=, diacritics folded, a hidden photo never among them", async () => {
    const { status, html } = await page("/photography/search?q=malmo+zqharb");
    expect(status).toBe(200);
    const text = pageText(html);
    expect(text).toContain("Results for “malmo zqharb”");
    expect(text).toContain("1 photo");
    expect(html).toMatch(/<title>“malmo zqharb” \| Search/);
    expect(html).toContain('value="malmo zqharb"');
    expect(html).toContain('alt="Zqharbour in Malmö"');
    expect(html).not.toContain("Zqharbour at night");
  });

  it("says so when nothing matches, and takes punctuation alone as no search at all", async () => {
    const none = await page("/photography/search?q=zqnowhere");
    expect(none.status).toBe(200);
    expect(pageText(none.html)).toContain("No photos match “zqnowhere”");
    const punctuation = await page(`/photography/search?q=${encodeURIComponent('"*!(')}`);
    expect(punctuation.status).toBe(200);
    expect(pageText(punctuation.html)).not.toContain("Results for");
  });

  it("refuses a search longer than the box takes with a 400", async () => {
    expect((await page(`/photography/search?q=${"a".repeat(201)}`)).status).toBe(400);
  });
});

describe("GET /api/image?q=", () => {
  it("answers the same results with the list's paging, and refuses a search within an album naming q", async () => {
    const response = await fetch(`${server.url}/api/image?q=zqharbour`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ImagePage;
    expect(body.images.map((image) => image.name)).toEqual(["Zqharbour in Malmö"]);
    expect(body).toMatchObject({ hasMore: false, nextCursor: null });
    const refused = await fetch(`${server.url}/api/image?q=zqharbour&album=1`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^q /);
  });
});

describe("the header", () => {
  it("holds a labelled GET form to the search page on every other page, and the sitemap leaves search out", async () => {
    const { html } = await page("/photography");
    expect(hasTag(html, "form", ...SEARCH_FORM, 'class="site-search"')).toBe(true);
    expect(html).toMatch(/<label for="site-search"[^>]*>Search photos<\/label>/);
    expect(hasTag(html, "input", 'id="site-search"', 'name="q"', 'type="search"')).toBe(true);
    expect(html).toContain('aria-label="Search"');
    expect((await page("/sitemap.xml")).html).not.toContain("/photography/search");
  });
});
