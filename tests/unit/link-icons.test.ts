import { describe, expect, it } from "vitest";
import { LINK_ICONS } from "~/lib/site";
import { linkGlyph, svgPaths } from "~/server/site/link-icons.server";

describe("link icons from the kept sets", () => {
  it.each(LINK_ICONS)("%s has a drawing", (name) => {
    const glyph = linkGlyph(name);
    expect(glyph.paths.length).toBeGreaterThan(0);
    for (const d of glyph.paths) expect(d).toMatch(/^M[\d\s.,a-zA-Z-]+$/);
  });

  it("draws brands filled and plain icons as lines", () => {
    expect(linkGlyph("instagram").style).toBe("fill");
    expect(linkGlyph("500px").style).toBe("fill");
    expect(linkGlyph("link").style).toBe("stroke");
    expect(linkGlyph("phone").style).toBe("stroke");
  });

  it("leaves out Tabler's invisible frame", () => {
    const svg = '<svg><path stroke="none" d="M0 0h24v24H0z" fill="none" /><path d="M5 4h4" /></svg>';
    expect(svgPaths(svg)).toEqual(["M5 4h4"]);
  });
});
