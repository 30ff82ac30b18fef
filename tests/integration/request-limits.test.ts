import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../support/images";
import { imageRowCount } from "../support/inspect";
import { processMemory, rawRequest, sendBigBody, type BigBody } from "../support/requests";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, startServer, type TestServer } from "../support/server";

const TOO_LARGE = "The request body is too large: the limit is 64 KB.";
/** Read whole, such a body grew the server by about four times its size. */
const HUGE = 64 * 1024 * 1024;
/** Less than the body itself: it was never held. (The first large body grows a fresh server by about 33 MB either way.) */
const MAX_GROWTH_MB = HUGE / 1024 / 1024;

let server: TestServer;
let admin: { token: string; cookie: string };

beforeAll(async () => {
  server = await startServer();
  admin = await loginAdmin(server.url);
});

afterAll(async () => {
  await server?.stop();
});

/**
 * Sends a body and then a second request on the same connection: returns the
 * text received, both answers' statuses, and how far the server's peak memory rose.
 */
async function refusedOnOneConnection(body: BigBody) {
  const before = processMemory(server.process.pid!);
  const { statuses, text } = await sendBigBody(server.url, body);
  const growthMb = processMemory(server.process.pid!).peakMb - Math.max(before.rssMb, before.peakMb);
  return { statuses, text, growthMb };
}

const json = { "Content-Type": "application/json" };
const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("a body other than an upload is refused past 64 KB, before it is read whole", () => {
  it.each([
    ["declared in Content-Length", true],
    ["sent chunked", false],
  ])(
    "POST /api/auth/login with a 64 MB JSON body %s: 413, memory flat, the next request on the connection is served",
    async (_label, declareLength) => {
      const { statuses, text, growthMb } = await refusedOnOneConnection({
        method: "POST",
        path: "/api/auth/login",
        headers: json,
        prefix: `{"username":"${ADMIN_USERNAME}","password":"`,
        suffix: '"}',
        bytes: HUGE,
        declareLength,
      });
      expect(statuses).toEqual([413, 200]);
      expect(text).toContain(JSON.stringify({ message: TOO_LARGE }));
      expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
    },
  );

  it.each([
    ["declared in Content-Length", true],
    ["sent chunked", false],
  ])(
    "POST /photography/admin with a 64 MB form %s: 413 with the message on the page, memory flat",
    async (_label, declareLength) => {
      const { statuses, text, growthMb } = await refusedOnOneConnection({
        method: "POST",
        path: "/photography/admin",
        headers: form,
        prefix: `intent=login&username=${ADMIN_USERNAME}&password=`,
        bytes: HUGE,
        declareLength,
      });
      expect(statuses).toEqual([413, 200]);
      expect(text).toContain(TOO_LARGE);
      expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
    },
  );

  it("PUT /api/image/{id} by the admin with a 64 MB JSON body: 413, memory flat", async () => {
    const { statuses, text, growthMb } = await refusedOnOneConnection({
      method: "PUT",
      path: "/api/image/1",
      headers: { ...json, Authorization: `Bearer ${admin.token}` },
      prefix: '{"name":"',
      suffix: '"}',
      bytes: HUGE,
      declareLength: false,
    });
    expect(statuses).toEqual([413, 200]);
    expect(text).toContain(JSON.stringify({ message: TOO_LARGE }));
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it("POST /photography (the gallery's edit form) by the admin past the limit: 413", async () => {
    const { statuses, text } = await refusedOnOneConnection({
      method: "POST",
      path: "/photography",
      headers: { ...form, Cookie: admin.cookie },
      prefix: "intent=edit&id=1&name=x&description=",
      bytes: 64 * 1024 + 1,
      declareLength: true,
    });
    expect(statuses).toEqual([413, 200]);
    expect(text).toContain(TOO_LARGE);
  });

  it("a JSON login just under the limit is read as before", async () => {
    const body = JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, padding: "p".repeat(60 * 1024) });
    const response = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: json, body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ token: expect.any(String) });
  });
});

describe("an upload's fields other than the file share the same 64 KB", () => {
  async function upload(fields: Record<string, string>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    body.set("image", new Blob([new Uint8Array(await makeJpeg(64, 48, 700))], { type: "image/jpeg" }), "fields.jpg");
    return fetch(`${server.url}/api/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}` },
      body,
    });
  }
  const message = { message: "The form fields are too large: the limit is 64 KB in all." };

  it("one field past the limit: 413", async () => {
    const before = imageRowCount(server.dataDir);
    const response = await upload({ name: "big field", description: "d".repeat(65 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(message);
    expect(imageRowCount(server.dataDir)).toBe(before);
  });

  it("several fields, each under the limit, together past it: 413, nothing stored", async () => {
    const before = imageRowCount(server.dataDir);
    const filler = "f".repeat(30 * 1024);
    const response = await upload({ name: "many fields", extra1: filler, extra2: filler, extra3: filler });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(message);
    expect(imageRowCount(server.dataDir)).toBe(before);
  });
});

describe("a malformed Host header", () => {
  const port = () => new URL(server.url).port;

  it.each([
    ["a b", "/"],
    ['"><x>', "/photography"],
    ["", "/"],
    ["", "/api/image"],
    ["1.2.3.999", "/photography/admin"],
    [`127.0.0.1:99999`, "/media/abc/w320.webp"],
  ])("Host %j on %s: 400 before anything reads it, and no stack in the log", async (host, path) => {
    const logBefore = server.output().length;
    const { status, text } = await rawRequest(
      server.url,
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(status).toBe(400);
    expect(text).toContain("The Host header is missing or not a valid host name.");
    const log = server.output().slice(logBefore);
    expect(log).not.toMatch(/\n\s+at /);
    expect(log).not.toContain("Error");
  });

  it("an HTTP/1.0 request without Host: 400", async () => {
    expect((await rawRequest(server.url, "GET / HTTP/1.0\r\n\r\n")).status).toBe(400);
  });

  it("a proper Host is served", async () => {
    const { status } = await rawRequest(
      server.url,
      `GET /healthz HTTP/1.1\r\nHost: localhost:${port()}\r\nConnection: close\r\n\r\n`,
    );
    expect(status).toBe(200);
  });
});

describe("a page action from another site", () => {
  it.each([
    ["a page post", "/photography/admin", { Origin: "http://evil.example" }],
    ["a script's data request", "/photography/admin.data", { Origin: "http://evil.example" }],
    ["a post labelled cross-site", "/photography", { "Sec-Fetch-Site": "cross-site" }],
  ])("%s is refused with 403 and one log line, no stack", async (_label, path, headers) => {
    const logBefore = server.output().length;
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { ...form, ...headers },
      body: new URLSearchParams({ intent: "logout" }),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed." });
    await expect.poll(() => server.output().slice(logBefore)).toContain("Refused a cross-site POST");
    const lines = server.output().slice(logBefore).trimEnd().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Refused a cross-site POST ${path.replace(".", "\\.")} `)),
    ]);
  });

  it("the same post from the site itself goes through", async () => {
    const response = await fetch(`${server.url}/photography/admin/logout`, {
      method: "POST",
      headers: { ...form, Origin: server.url, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ intent: "logout" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
  });
});

describe("OPTIONS on the /api resources", () => {
  it.each([
    ["/api/image", "GET, POST"],
    ["/api/image/1", "GET, PUT, DELETE"],
    ["/api/image/random", "GET"],
    ["/api/auth/login", "POST"],
    ["/api/auth/logout", "POST"],
    ["/api/auth/validate", "GET"],
  ])("OPTIONS %s: 204 with Allow %j", async (path, allow) => {
    const response = await fetch(`${server.url}${path}`, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe(allow);
    expect(await response.text()).toBe("");
  });
});
