import { describe, expect, it } from "vitest";
import { slugify, SLUG_PATTERN } from "~/lib/slug";

describe("album slugs", () => {
  it.each([
    ["Summer in Åre, 2024!", "summer-in-are-2024"],
    ["  Straße & Bæk — Ørsted ", "strasse-baek-orsted"],
    ["Crème brûlée", "creme-brulee"],
    ["東京", "album"],
    ["---", "album"],
    ["x".repeat(100), "x".repeat(60)],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(slugify(name)).toMatch(SLUG_PATTERN);
  });
});
