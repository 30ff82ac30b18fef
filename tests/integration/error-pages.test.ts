// Error pages as the server draws them: the spec's heading, the status with its own reason phrase, a plain sentence,
// the ways on to the gallery and the albums, and no request id or log line for an expected 4xx. The 500 page, its
// request id and hydrating it: e2e errors.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function get(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(server.url + path);
  return { status: response.status, html: await response.text() };
}

/** The text of each heading of `level`, in order. */
function headings(html: string, level: number): string[] {
  return [...html.matchAll(new RegExp(`<h${level}\\b[^>]*>(.*?)</h${level}>`, "gs"))].map((m) => pageText(m[1]!));
}

/** The href of the link whose text is `name` within `html`, or undefined. */
function hrefOf(html: string, name: string): string | undefined {
  const link = [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gs)].find((m) => pageText(m[2]!).trim() === name);
  return link && /\bhref="([^"]*)"/.exec(link[1]!)?.[1];
}

function mainOf(html: string): string {
  return /<main\b.*?<\/main>/s.exec(html)![0];
}

/** The page says what went wrong and leads on to the gallery and the albums, links that work. */
async function expectHelpfulErrorPage(html: string, statusLine: string, sentence: RegExp) {
  expect(headings(html, 1)).toEqual(["Unexpected Application Error!"]);
  expect(headings(html, 2)).toContain(statusLine);
  expect(pageText(html)).toMatch(sentence);
  const main = mainOf(html);
  expect(hrefOf(main, "Go to the gallery")).toBe("/photography");
  expect(hrefOf(main, "See the albums")).toBe("/photography/albums");
}

describe("an error page", () => {
  it("a missing album: 404 Not Found, saying which album, with the ways on", async () => {
    const { status, html } = await get("/photography/albums/no-such-album");
    expect(status).toBe(404);
    await expectHelpfulErrorPage(html, "404 Not Found", /There is no album/);
    expect(html).toMatch(/<title>404 Not Found/);
    const albums = await get("/photography/albums");
    expect(albums.status).toBe(200);
    expect(headings(albums.html, 1)).toEqual(["Albums"]);
  });

  it("a missing page: 404 Not Found, a plain sentence, with the ways on and the owner's name home", async () => {
    const { status, html } = await get("/no/such/page");
    expect(status).toBe(404);
    await expectHelpfulErrorPage(html, "404 Not Found", /There is nothing at this address/);
    expect(html).toContain("<title>404 Not Found | Alex Sample</title>");
    expect(hrefOf(/<header class="site-header".*?<\/header>/s.exec(html)![0], "Alex Sample")).toBe("/");
    const gallery = await get("/photography");
    expect(gallery.status).toBe(200);
    expect(headings(gallery.html, 1)).toEqual(["Image Gallery"]);
  });

  it("a malformed list query: 400 Bad Request with the server's sentence, not the server's fault", async () => {
    const { status, html } = await get("/photography?sortField=bogus");
    expect(status).toBe(400);
    await expectHelpfulErrorPage(html, "400 Bad Request", /sortField/);
  });

  it("a broken cursor: 400, not a crash", async () => {
    const { status, html } = await get("/photography?cursor=not-a-cursor");
    expect(status).toBe(400);
    expect(headings(html, 1)).toEqual(["Unexpected Application Error!"]);
  });

  it("expected 4xx answers are not logged, and their pages name no request id", async () => {
    const before = server.output();
    for (const [path, expected] of [
      ["/no-such-page", 404],
      ["/photography?image=abc", 400],
      ["/photography?image=999999", 404],
    ] as const) {
      const { status, html } = await get(path);
      expect(status, path).toBe(expected);
      expect(pageText(html), path).not.toMatch(/Request id/);
    }
    expect(headings((await get("/no-such-page")).html, 2)).toContain("404 Not Found");
    // A form posted to a page without an action.
    const post = await fetch(`${server.url}/sorting`, {
      method: "POST",
      body: new URLSearchParams({ step: "1" }),
      headers: { Origin: server.url },
    });
    expect(post.status).toBe(405);
    // Every answer above arrived, so anything the server meant to log is in its output by now.
    expect(server.output()).toBe(before);
  });
});
