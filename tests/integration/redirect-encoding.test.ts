// A redirect target with characters beyond Latin-1 cannot go into a Location
// header as it is: it is sent percent-encoded, so a crafted link can no longer
// turn the owner's good login (or a saved edit) into a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { seedImages } from "../support/seed";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, startServer, type TestServer } from "../support/server";

const ADMIN = "/photography/admin";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers,
    redirect: "manual",
  });
}

describe("a login without JavaScript", () => {
  it.each([
    ["/\u3000/x", "/%E3%80%80/x"],
    ["/photography?note=\u00e9t\u00e9", "/photography?note=%C3%A9t%C3%A9"],
    ["/photography#\u{1F600}", "/photography#%F0%9F%98%80"],
    ["/%E3%80%80/already-encoded", "/%E3%80%80/already-encoded"],
  ])("to redirectTo %j lands on %s with its session", async (target, location) => {
    const response = await post(ADMIN, {
      intent: "login",
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      redirectTo: target,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(location);
    const cookie = response.headers.get("set-cookie")?.split(";")[0];
    expect(cookie).toMatch(/^__session=./);
    const dashboard = await (await fetch(`${server.url}${ADMIN}`, { headers: { Cookie: cookie! } })).text();
    expect(dashboard).toContain("Admin Dashboard");
  });

  it("to a target that dot segments turn into another host goes to the dashboard", async () => {
    const response = await post(ADMIN, {
      intent: "login",
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      redirectTo: "/.//evil.example/",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(ADMIN);
  });
});

describe("an edit saved without JavaScript", () => {
  let image: Image;
  let cookie: string;

  beforeAll(async () => {
    const session = await loginAdmin(server.url);
    cookie = session.cookie;
    [image] = (await seedImages(server, session.token, [{ name: "redirect.jpg" }])) as [Image];
  });

  it("returns to a target beyond Latin-1, encoded", async () => {
    const response = await post(
      "/photography",
      {
        intent: "update",
        id: String(image.id),
        name: "Saved",
        description: "",
        redirectTo: `/photography?image=${image.id}&from=\u3000`,
      },
      { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/photography?image=${image.id}&from=%E3%80%80`);
  });
});
