import { describe, expect, it } from "vitest";
import { assertSameOrigin, safeRedirect } from "~/server/http/security.server";

describe("safeRedirect", () => {
  it.each(["/photography/admin", "/", "/photography?page=2&sort=name#top", "/foo-bar"])("keeps %s", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe(target);
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/photography\\..\\..\\evil",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " /photography",
    "https://evil.example/",
    "http://localhost/photography",
    "data:text/html,hi",
    "photography/admin",
    "",
  ])("sends %j to the fallback", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it("falls back for non-strings and defaults the fallback to /", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File([], "x"))).toBe("/");
  });
});

describe("assertSameOrigin", () => {
  const request = (method: string, headers: Record<string, string>) =>
    new Request("http://site.example/api/image/1", { method, headers });
  const refused = (req: Request) => {
    try {
      assertSameOrigin(req);
    } catch (error) {
      return (error as Response).status;
    }
    return "allowed";
  };

  it("lets safe methods and same-origin requests through", () => {
    expect(refused(request("GET", { "Sec-Fetch-Site": "cross-site" }))).toBe("allowed");
    expect(refused(request("POST", { "Sec-Fetch-Site": "same-origin" }))).toBe("allowed");
    expect(refused(request("POST", { "Sec-Fetch-Site": "none" }))).toBe("allowed");
    expect(refused(request("DELETE", { Origin: "http://site.example" }))).toBe("allowed");
    expect(refused(request("PUT", {}))).toBe("allowed");
  });

  it("refuses unsafe cross-site requests with 403", () => {
    expect(refused(request("POST", { "Sec-Fetch-Site": "cross-site" }))).toBe(403);
    expect(refused(request("PUT", { "Sec-Fetch-Site": "same-site" }))).toBe(403);
    expect(refused(request("DELETE", { Origin: "http://evil.example" }))).toBe(403);
    expect(refused(request("PATCH", { Origin: "null" }))).toBe(403);
  });
});
