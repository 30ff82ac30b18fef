/**
 * WCAG 2.x contrast, for the owner's own accent colour (Site settings): an
 * accent is accepted only when, in the scheme it is for, it reads as text on
 * every background the pages use and under the text drawn on it, at AA's
 * 4.5:1 (which also passes the 3:1 that focus rings and controls need).
 * One colour cannot do so in both schemes, so the owner gives one for each.
 */

/** The pages' backgrounds in each scheme: `--bg`, `--surface` and `--surface-raised` in app.css (a test compares). */
export const SCHEME_BACKGROUNDS = {
  light: ["#fbfaf7", "#f1efea", "#ffffff"],
  dark: ["#0f0f10", "#19191b", "#202023"],
} as const;
export type Scheme = keyof typeof SCHEME_BACKGROUNDS;

export const AA_TEXT = 4.5;
const ON_ACCENT = ["#ffffff", "#000000"] as const;

/** "#abc" or "#aabbcc" in any case, as "#aabbcc"; undefined for anything else. */
export function normaliseHex(value: string): string | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return undefined;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits}`;
}

/** Relative luminance of a "#rrggbb" colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text drawn on the accent (buttons): white or black, whichever reads better. */
export function onAccentFor(accent: string): string {
  const [white, black] = ON_ACCENT;
  return contrastRatio(accent, white) >= contrastRatio(accent, black) ? white : black;
}

const shown = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/**
 * Why `accent` ("#rrggbb") fails AA in `scheme`, in a sentence the owner can
 * act on; undefined when it passes. Passing every background passes under
 * its button text too: white is a light background, and a dark scheme's
 * accent light enough for its backgrounds is more than 4.5:1 from black.
 */
export function accentContrastProblem(accent: string, scheme: Scheme): string | undefined {
  const worst = Math.min(...SCHEME_BACKGROUNDS[scheme].map((background) => contrastRatio(accent, background)));
  if (worst >= AA_TEXT) return undefined;
  const way = scheme === "light" ? "darker" : "lighter";
  return `must keep ${AA_TEXT}:1 contrast as text on the ${scheme} scheme's pages: ${accent} has ${shown(worst)}; choose a ${way} colour`;
}
