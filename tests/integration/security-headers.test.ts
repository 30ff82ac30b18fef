// The security headers every answer carries (pages rendered or cached, API,
// media, errors), and the CSP nonce: fresh for every response, on every script.
// That the browser then runs the page without a CSP complaint: e2e smoke.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { noncedHtml } from "../support/csp";
import { seedImages } from "../support/seed";
import { storageKeyOf } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let image: Image;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  const { token } = await loginAdmin(server.url);
  [image] = (await seedImages(server, token, [{ name: "headers.jpg" }])) as [Image];
});

afterAll(async () => {
  await server?.stop();
});

/** Every answer's headers; returns the policy's script-src: a nonce, or `'none'` for a file. */
function expectCommonHeaders(response: Response, label: string, file = false): string {
  const csp = response.headers.get("content-security-policy");
  expect(csp, label).toBeTruthy();
  const directives = new Map(
    csp!.split(";").map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name!, values.join(" ")];
    }),
  );
  expect(directives.get("default-src"), label).toBe("'self'");
  expect(directives.get("script-src"), label).toMatch(file ? /^'none'$/ : /^'self' 'nonce-[A-Za-z0-9+/=]{16,}'$/);
  expect(directives.get("object-src"), label).toBe("'none'");
  expect(directives.get("base-uri"), label).toBe("'none'");
  expect(directives.get("frame-ancestors"), label).toBe("'none'");
  expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), label).toBe("same-origin");
  expect(response.headers.get("cross-origin-resource-policy"), label).toBe("same-origin");
  expect(response.headers.get("x-powered-by"), label).toBeNull();
  return file ? "'none'" : directives.get("script-src")!.match(/'nonce-([^']+)'/)![1]!;
}

const PAGES: [string, Record<string, string>][] = [
  ["/", {}],
  // Anonymous: answered from the page cache (the second request at the latest).
  ["/photography", {}],
  // A cookie skips the cache: rendered.
  ["/photography", { Cookie: "skip=cache" }],
  ["/no-such-page", {}],
];

describe("HTML pages", () => {
  it.each(PAGES)("%s %o: a fresh nonce for every response, on every script", async (page, headers) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}${page}`, { headers });
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const nonce = expectCommonHeaders(response, page);
      expect((await noncedHtml(response)).nonce).toBe(nonce);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
  });
});

describe("other answers", () => {
  it("API answers, errors included", async () => {
    for (const url of [
      "/api/image",
      "/api/image/random",
      "/api/image/999999",
      "/api/image?page=0",
      "/api/auth/validate",
      "/healthz",
    ]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.headers.get("content-type"), url).toMatch(/^application\/json/);
      expectCommonHeaders(response, url);
    }
  });

  it("media, found or not: a file runs no script", async () => {
    expectCommonHeaders(await fetch(`${server.url}${image.url}`), image.url, true);
    const missing = `/media/${storageKeyOf(image)}/original`;
    expectCommonHeaders(await fetch(`${server.url}${missing}`), missing);
  });
});

describe("HSTS", () => {
  const urls = () => ["/", "/photography", "/api/image", image.url, "/no-such-page"];

  it("never over plain HTTP", async () => {
    for (const url of urls()) {
      expect((await fetch(`${server.url}${url}`)).headers.get("strict-transport-security"), url).toBeNull();
    }
  });

  it("over HTTPS behind a trusted proxy, cached pages and media included", async () => {
    for (const url of urls()) {
      const response = await fetch(`${server.url}${url}`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(response.headers.get("strict-transport-security"), url).toBe("max-age=31536000; includeSubDomains");
    }
  });
});
