// The passkey browser library (@simplewebauthn/browser) is fetched only by the
// login and account pages, on use: a visitor's pages never load it (issue 21).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;

async function text(urlPath: string, cookie?: string): Promise<string> {
  const response = await fetch(`${server.url}${urlPath}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status, urlPath).toBe(200);
  return response.text();
}

/** Every script a page's HTML names (its module and the modulepreloads of its static imports). */
const scriptsOf = (html: string) => [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([url]) => url))];

/** The chunks a script imports on demand (`import("./x.js")`). */
const dynamicImportsOf = (source: string) =>
  [...source.matchAll(/import\("\.\/([\w.-]+\.js)"\)/g)].map((match) => `/assets/${match[1]}`);

/** The browser library's one use of the WebAuthn API. */
const usesWebAuthn = (source: string) => source.includes("navigator.credentials");

async function scriptsLoadedBy(urlPath: string, cookie?: string) {
  return Promise.all(scriptsOf(await text(urlPath, cookie)).map(async (url) => ({ url, source: await text(url) })));
}

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("the passkey browser library", () => {
  it("is not among the scripts of / and /photography", async () => {
    for (const page of ["/", "/photography"]) {
      const scripts = await scriptsLoadedBy(page);
      expect(scripts.length, page).toBeGreaterThan(0);
      expect(
        scripts.filter(({ source }) => usesWebAuthn(source)).map(({ url }) => url),
        page,
      ).toEqual([]);
    }
  });

  it("is a chunk of its own that the login and account pages import on use", async () => {
    const { cookie } = await loginAdmin(server.url);
    for (const [page, session] of [
      ["/photography/admin", undefined],
      ["/photography/admin/account", cookie],
    ] as const) {
      const scripts = await scriptsLoadedBy(page, session);
      expect(
        scripts.filter(({ source }) => usesWebAuthn(source)),
        page,
      ).toEqual([]);
      const onDemand = [...new Set(scripts.flatMap(({ source }) => dynamicImportsOf(source)))];
      const sources = await Promise.all(onDemand.map((url) => text(url)));
      expect(sources.some(usesWebAuthn), page).toBe(true);
    }
  });
});
