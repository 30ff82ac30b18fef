import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCENTS, accentStyle } from "~/lib/accent-palette";

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The page's backgrounds in each scheme, read from app.css so a changed token is checked too. */
function backgrounds(): { light: string[]; dark: string[] } {
  const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/app.css"), "utf8");
  const token = (block: string, name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(block)![1]!;
  const light = css.slice(css.indexOf(":root {"), css.indexOf("@media (prefers-color-scheme: dark)"));
  const dark = css.slice(css.indexOf(':root[data-scheme="dark"] {'));
  const names = ["bg", "surface", "surface-raised"];
  return { light: names.map((name) => token(light, name)), dark: names.map((name) => token(dark, name)) };
}

describe("the accent palette", () => {
  const pages = backgrounds();
  for (const [name, entry] of Object.entries(ACCENTS)) {
    it(`${name} passes WCAG AA (4.5:1) as text on every background and under its own text, in both schemes`, () => {
      for (const scheme of ["light", "dark"] as const) {
        const { accent, onAccent } = entry[scheme];
        for (const background of pages[scheme]) expect(contrast(accent, background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(accent, onAccent)).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it("fails a colour that does not pass (the check can fail)", () => {
    expect(contrast("#7a8cff", "#fbfaf7")).toBeLessThan(4.5);
  });

  it("gives the dark tokens to the system's dark scheme unless the owner chose light", () => {
    expect(accentStyle(ACCENTS.green)).toBe(
      ":root{--accent:#1d6b3a;--accent-fg:#ffffff;}" +
        '@media (prefers-color-scheme: dark){:root:not([data-scheme="light"]){--accent:#7fd6a0;--accent-fg:#0b1a10;}}' +
        ':root[data-scheme="dark"]{--accent:#7fd6a0;--accent-fg:#0b1a10;}',
    );
  });
});
