import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/server/http/security.server";

describe("safeRedirect encodes what a Location header cannot carry", () => {
  it.each([
    ["/\u3000/x", "/%E3%80%80/x"],
    ["/photography?q=\u00e9", "/photography?q=%C3%A9"],
    ["/a b#\u{1F600}", "/a%20b#%F0%9F%98%80"],
    ["/\ud800", "/%EF%BF%BD"],
    ["/%E3%80%80/x", "/%E3%80%80/x"],
    ["/photography?page=2&sort=name#top", "/photography?page=2&sort=name#top"],
  ])("%j → %s", (target, location) => {
    const result = safeRedirect(target, "/fallback");
    expect(result).toBe(location);
    expect(() => new Headers({ Location: result })).not.toThrow();
  });

  it.each(["/.//evil.example", "/a/..//evil.example", "/%2e%2e//evil.example", "/./%2e//evil.example"])(
    "%j, a host after dot segments, falls back",
    (target) => {
      expect(safeRedirect(target, "/fallback")).toBe("/fallback");
    },
  );
});
