import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCENTS, accentColours, accentStyle } from "~/lib/accent-palette";
import { accentContrastProblem, contrastRatio, normaliseHex, onAccentFor, SCHEME_BACKGROUNDS } from "~/lib/contrast";

describe("the custom accent's contrast check", () => {
  it("knows the pages' backgrounds as app.css draws them", () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/app.css"), "utf8");
    const token = (block: string, name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(block)![1]!;
    const light = css.slice(css.indexOf(":root {"), css.indexOf("@media (prefers-color-scheme: dark)"));
    const dark = css.slice(css.indexOf(':root[data-scheme="dark"] {'));
    const names = ["bg", "surface", "surface-raised"];
    expect(SCHEME_BACKGROUNDS).toEqual({
      light: names.map((name) => token(light, name)),
      dark: names.map((name) => token(dark, name)),
    });
  });

  it("gives WCAG's known ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("accepts every palette colour in its own scheme", () => {
    for (const entry of Object.values(ACCENTS)) {
      expect(accentContrastProblem(entry.light.accent, "light")).toBeUndefined();
      expect(accentContrastProblem(entry.dark.accent, "dark")).toBeUndefined();
    }
  });

  // [colour, light scheme passes, dark scheme passes]: no colour passes both (record 072).
  it.each([
    ["#2747c7", true, false],
    ["#9db4ff", false, true],
    ["#000000", true, false],
    ["#ffffff", false, true],
    ["#767676", false, false],
    ["#e07a5f", false, true],
    ["#ff0000", false, false],
    ["#808080", false, false],
    ["#c2185b", true, false],
    ["#ffd54f", false, true],
  ])("%s: light %s, dark %s", (colour, light, dark) => {
    expect(accentContrastProblem(colour, "light") === undefined).toBe(light);
    expect(accentContrastProblem(colour, "dark") === undefined).toBe(dark);
  });

  it("says why, with the ratio and which way to go", () => {
    expect(accentContrastProblem("#e07a5f", "light")).toBe(
      "must keep 4.5:1 contrast as text on the light scheme's pages: #e07a5f has 2.5:1; choose a darker colour",
    );
    expect(accentContrastProblem("#2747c7", "dark")).toMatch(/^must keep 4\.5:1 .* dark .*; choose a lighter colour$/);
  });

  it("puts readable text on any accent that passes, white or black", () => {
    for (let grey = 0; grey < 256; grey += 5) {
      const colour = `#${grey.toString(16).padStart(2, "0").repeat(3)}`;
      for (const scheme of ["light", "dark"] as const) {
        if (accentContrastProblem(colour, scheme)) continue;
        expect(contrastRatio(colour, onAccentFor(colour))).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it.each([
    ["#ABC", "#aabbcc"],
    [" #2747C7 ", "#2747c7"],
    ["2747c7", undefined],
    ["#12345", undefined],
    ["red", undefined],
    ["#2747c7;}body{", undefined],
  ])("reads %j as %j", (value, hex) => {
    expect(normaliseHex(value)).toBe(hex);
  });

  it("writes the owner's colours into the page's accent tokens", () => {
    const style = accentStyle(accentColours("custom", { light: "#c2185b", dark: "#ffd54f" }));
    expect(style).toBe(
      ":root{--accent:#c2185b;--accent-fg:#ffffff;}" +
        '@media (prefers-color-scheme: dark){:root:not([data-scheme="light"]){--accent:#ffd54f;--accent-fg:#000000;}}' +
        ':root[data-scheme="dark"]{--accent:#ffd54f;--accent-fg:#000000;}',
    );
  });
});
