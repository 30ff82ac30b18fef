import { describe, expect, it } from "vitest";
import sharp from "sharp";
import {
  AVIF_MAX_WIDTH,
  AVIF_OPTIONS,
  VARIANT_WIDTHS,
  variantWidthsFor,
} from "~/server/photos/image-processing.server";

describe("variantWidthsFor", () => {
  it.each([
    [1, [1]],
    [200, [200]],
    [320, [320]],
    [321, [320, 321]],
    [800, [320, 480, 640, 720, 800]],
    [1280, [320, 480, 640, 720, 800, 960, 1280]],
    [2560, [320, 480, 640, 720, 800, 960, 1280, 1920, 2560]],
    [6000, [320, 480, 640, 720, 800, 960, 1280, 1920, 2560]],
  ])("width %d → %o", (width, widths) => {
    expect(variantWidthsFor(width)).toEqual(widths);
  });

  it("never upscales, always ascends and ends at the original or the largest width", () => {
    for (let width = 1; width <= 4000; width += 37) {
      const widths = variantWidthsFor(width);
      expect(widths.every((w) => w <= width)).toBe(true);
      expect(widths).toEqual([...widths].sort((a, b) => a - b));
      expect(new Set(widths).size).toBe(widths.length);
      expect(widths.at(-1)).toBe(Math.min(width, VARIANT_WIDTHS.at(-1)!));
    }
  });
});

/** The smallest candidate at least `needed` wide, as a browser picks from a srcset (the largest when none is). */
function picked(widths: number[], needed: number): number {
  return widths.find((w) => w >= needed) ?? widths.at(-1)!;
}

describe("the phone's variants", () => {
  const avifWidths = variantWidthsFor(4000).filter((w) => w <= AVIF_MAX_WIDTH);

  // The gallery's one column on phones is the screen less 2rem (gallery-grid.tsx's sizes).
  it.each([
    ["412 px at 1.75 (Lighthouse's phone)", 412, 1.75, 720],
    ["412 px at 2", 412, 2, 800],
    ["360 px at 2", 360, 2, 720],
    ["412 px at 2.625", 412, 2.625, 960],
  ])("%s gets an AVIF at most 10 %% wider than it draws", (_, screen, density, expected) => {
    const needed = Math.ceil((screen - 32) * density);
    const width = picked(avifWidths, needed);
    expect(width).toBe(expected);
    expect(width / needed).toBeLessThanOrEqual(1.1);
  });

  it("are encoded at the quality and effort chosen in record 045", () => {
    expect(AVIF_OPTIONS).toEqual({ quality: 45, effort: 3 });
  });

  it("quality 45 writes a noisy photo's AVIF at least a quarter smaller than quality 55 did", async () => {
    // Sensor-like noise: what makes camera photos big, and what the quality setting trades.
    const noise = Buffer.from(Array.from({ length: 320 * 240 * 3 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 251));
    const image = () => sharp(noise, { raw: { width: 320, height: 240, channels: 3 } }).blur(0.6);
    const before = await image().avif({ quality: 55, effort: 2 }).toBuffer();
    const now = await image().avif(AVIF_OPTIONS).toBuffer();
    expect(now.length).toBeLessThan(before.length * 0.75);
  }, 30_000);
});
