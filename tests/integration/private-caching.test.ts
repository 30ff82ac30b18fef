// A page or its data rendered for a request carrying the admin's cookie or token
// is `private, no-store`; pages answer visitors and the admin at the same URL,
// so every answer varies by Cookie. Visitors' answers stay cacheable (and
// /photography stays in the page cache).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const ADMIN_VIEW = "You are logged in as an admin.";

let server: TestServer;
let session: { token: string; cookie: string };
let image: Image;

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  const response = await uploadImage(server.url, session.token, {
    data: await makeJpeg(64, 48, 7),
    filename: "private.jpg",
  });
  expect(response.status).toBe(201);
  image = (await response.json()) as Image;
});

afterAll(async () => {
  await server?.stop();
});

function pagePaths(): string[] {
  const viewer = `/photography?image=${image.id}`;
  return ["/photography", viewer, `${viewer}&edit=1`, `${viewer}&confirm=delete`, "/", "/?tab=photography", "/sorting"];
}

/** `/photography?image=1` → `/photography.data?image=1`, as client-side navigations ask for it. */
function dataPath(path: string): string {
  const [pathname, search] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
}

/** The Vary header's names, each once (fetch joins repeated headers with commas). */
function varies(response: Response): string[] {
  const names = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
  expect(new Set(names).size, `Vary: ${response.headers.get("vary")}`).toBe(names.length);
  return names;
}

describe("answers that depend on the admin's credentials", () => {
  it.each([
    ["the session cookie", () => ({ Cookie: session.cookie })],
    ["the bearer token", () => ({ Authorization: `Bearer ${session.token}` })],
  ])("are private, no-store with %s: pages and their data", async (_, credentials) => {
    for (const path of pagePaths()) {
      for (const url of [path, dataPath(path)]) {
        const response = await fetch(`${server.url}${url}`, { headers: credentials() });
        expect(response.status, url).toBe(200);
        expect(response.headers.get("cache-control"), url).toBe("private, no-store");
        expect(varies(response), url).toContain("cookie");
        await response.arrayBuffer();
      }
    }
    const gallery = await (await fetch(`${server.url}/photography`, { headers: credentials() })).text();
    expect(gallery).toContain(ADMIN_VIEW);
  });

  it("are private, no-store for an admin's edit saved without JavaScript", async () => {
    const form = new URLSearchParams({
      intent: "update",
      id: String(image.id),
      name: "Renamed privately",
      description: "",
    });
    const response = await fetch(`${server.url}/photography?image=${image.id}&edit=1`, {
      method: "POST",
      headers: {
        Cookie: session.cookie,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("visitors' answers", () => {
  it("stay cacheable and vary by Cookie, from the page cache and rendered alike", async () => {
    for (const path of pagePaths()) {
      for (const url of [path, path, dataPath(path)]) {
        for (const encoding of ["identity", "gzip"]) {
          const response = await fetch(`${server.url}${url}`, { headers: { "Accept-Encoding": encoding } });
          expect(response.status, url).toBe(200);
          expect(response.headers.get("cache-control") ?? "", url).not.toMatch(/private|no-store/);
          expect(varies(response), url).toContain("cookie");
          if (encoding === "gzip" && response.headers.get("content-encoding") === "gzip") {
            expect(varies(response), url).toContain("accept-encoding");
          }
          await response.arrayBuffer();
        }
      }
    }
  });

  it("never get the admin's render of the same URL", async () => {
    const path = `/photography?image=${image.id}&edit=1`;
    expect(await (await fetch(`${server.url}${path}`, { headers: { Cookie: session.cookie } })).text()).toContain(
      ADMIN_VIEW,
    );
    expect(await (await fetch(`${server.url}${path}`)).text()).not.toContain(ADMIN_VIEW);
  });
});
