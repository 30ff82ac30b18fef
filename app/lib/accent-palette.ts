import { onAccentFor } from "./contrast";

/**
 * The accent colours the owner may choose (Site settings). Each entry gives the
 * accent and the text drawn on it, for the light and the dark scheme; every pair
 * passes WCAG AA (4.5:1) against the page's backgrounds in `app.css` and against
 * each other (tests/unit/accent-palette.test.ts computes the ratios).
 */
export interface AccentColours {
  accent: string;
  onAccent: string;
}

export interface AccentEntry {
  label: string;
  light: AccentColours;
  dark: AccentColours;
}

export const ACCENTS = {
  blue: {
    label: "Blue",
    light: { accent: "#2747c7", onAccent: "#ffffff" },
    dark: { accent: "#9db4ff", onAccent: "#0b1020" },
  },
  green: {
    label: "Green",
    light: { accent: "#1d6b3a", onAccent: "#ffffff" },
    dark: { accent: "#7fd6a0", onAccent: "#0b1a10" },
  },
  teal: {
    label: "Teal",
    light: { accent: "#0b6b73", onAccent: "#ffffff" },
    dark: { accent: "#6fd3dc", onAccent: "#061a1c" },
  },
  purple: {
    label: "Purple",
    light: { accent: "#6b35b8", onAccent: "#ffffff" },
    dark: { accent: "#c7a8ff", onAccent: "#150b24" },
  },
  red: {
    label: "Red",
    light: { accent: "#b0263b", onAccent: "#ffffff" },
    dark: { accent: "#ff9aa8", onAccent: "#1f0a0e" },
  },
  orange: {
    label: "Orange",
    light: { accent: "#a4440f", onAccent: "#ffffff" },
    dark: { accent: "#ffb27a", onAccent: "#1f1005" },
  },
} as const satisfies Record<string, AccentEntry>;

export type AccentName = keyof typeof ACCENTS;
export const ACCENT_NAMES = Object.keys(ACCENTS) as [AccentName, ...AccentName[]];
/** The owner's own colours instead of the palette's: one for each scheme, each checked for contrast (contrast.ts). */
export const CUSTOM_ACCENT = "custom";
export type AccentChoice = AccentName | typeof CUSTOM_ACCENT;
export const ACCENT_CHOICES = [...ACCENT_NAMES, CUSTOM_ACCENT] as const;
export interface CustomAccent {
  light: string;
  dark: string;
}
/** The accent `app.css` is written with. */
export const DEFAULT_ACCENT: AccentName = "blue";

export const COLOUR_SCHEMES = ["system", "light", "dark"] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

function tokens({ accent, onAccent }: AccentColours): string {
  return `--accent:${accent};--accent-fg:${onAccent};`;
}

/** The accent's colours in each scheme: the palette's, or the owner's with the text that reads on them. */
export function accentColours(accent: AccentChoice, custom: CustomAccent | null): Pick<AccentEntry, "light" | "dark"> {
  // The settings' schema never stores "custom" without its colours.
  if (accent !== CUSTOM_ACCENT || !custom) return ACCENTS[accent === CUSTOM_ACCENT ? DEFAULT_ACCENT : accent];
  const { light, dark } = custom;
  return {
    light: { accent: light, onAccent: onAccentFor(light) },
    dark: { accent: dark, onAccent: onAccentFor(dark) },
  };
}

/**
 * The accent's tokens as a style sheet for the page's head, placed after
 * `app.css` so they win. The dark ones follow the same rule as app.css's dark
 * tokens: the system's dark scheme unless the owner chose light, or dark always.
 */
export function accentStyle({ light, dark }: Pick<AccentEntry, "light" | "dark">): string {
  return (
    `:root{${tokens(light)}}` +
    `@media (prefers-color-scheme: dark){:root:not([data-scheme="light"]){${tokens(dark)}}}` +
    `:root[data-scheme="dark"]{${tokens(dark)}}`
  );
}
