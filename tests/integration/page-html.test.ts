// What the server's HTML says before any script runs: the mark that JavaScript will run, each page's meta for search
// engines and link previews, robots.txt and the sitemap. What the browser makes of the mark: e2e has-js.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nonceOf } from "../support/csp";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The content of the page's meta tag whose `attribute` is `name`. */
function metaContent(html: string, attribute: "name" | "property", name: string): string | undefined {
  const tag = new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html);
  return tag?.[1];
}

describe("the server's HTML", () => {
  it("marks JavaScript with a nonce'd inline script, before any stylesheet", async () => {
    const response = await fetch(`${server.url}/sorting`);
    const nonce = nonceOf(response);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const script = `<script nonce="${nonce}">document.documentElement.classList.add("has-js")</script>`;
    expect(head).toContain(script);
    expect(head.indexOf(script)).toBeLessThan(head.indexOf('rel="stylesheet"'));
  });

  it("robots.txt, the sitemap and page meta", async () => {
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Sitemap: ");
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of ["/photography", "/sorting", "/foo-bar", "/life"]) expect(sitemap).toContain(`${path}</loc>`);
    for (const path of ["/", "/sorting", "/foo-bar", "/life"]) {
      const html = await (await fetch(server.url + path)).text();
      expect(metaContent(html, "name", "description"), path).toMatch(/.{40,}/);
      const title = /<title>(.*?)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(metaContent(html, "property", "og:title"), path).toBe(title);
    }
    expect((await fetch(`${server.url}/favicon.svg`)).status).toBe(200);
  });
});
