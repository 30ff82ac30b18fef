// A visitor's first load of the home page stays within 125 KB of gzipped
// JavaScript, and owner-only code (drag and drop, passkeys, editors) is never
// part of a visitor's pages (developers' guide).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gzippedBytes, scriptsLoadedBy } from "../support/page-scripts";
import { startServer, type TestServer } from "../support/server";

const BUDGET_BYTES = 125 * 1024;

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("a visitor's JavaScript", () => {
  it("on / weighs at most 125 KB gzipped", async () => {
    const scripts = await scriptsLoadedBy(server.url, "/");
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzippedBytes(scripts)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("on the gallery and the albums holds no drag and drop", async () => {
    for (const page of ["/", "/photography", "/photography/albums"]) {
      const scripts = await scriptsLoadedBy(server.url, page);
      // dnd-kit's screen-reader live region is named in its code.
      expect(
        scripts.filter(({ source }) => source.includes("DndLiveRegion")).map(({ url }) => url),
        page,
      ).toEqual([]);
    }
  });
});
