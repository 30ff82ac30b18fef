// The passkey browser library (@simplewebauthn/browser) is fetched only by the
// login and account pages, on use: a visitor's pages never load it (issue 21).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dynamicImportsOf, scriptSource, scriptsLoadedBy } from "../support/page-scripts";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;

/** The browser library's one use of the WebAuthn API. */
const usesWebAuthn = (source: string) => source.includes("navigator.credentials");

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("the passkey browser library", () => {
  it("is not among the scripts of / and /photography", async () => {
    for (const page of ["/", "/photography"]) {
      const scripts = await scriptsLoadedBy(server.url, page);
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
      const scripts = await scriptsLoadedBy(server.url, page, session);
      expect(
        scripts.filter(({ source }) => usesWebAuthn(source)),
        page,
      ).toEqual([]);
      const onDemand = [...new Set(scripts.flatMap(({ source }) => dynamicImportsOf(source)))];
      const sources = await Promise.all(onDemand.map((url) => scriptSource(server.url, url)));
      expect(sources.some(usesWebAuthn), page).toBe(true);
    }
  });
});
