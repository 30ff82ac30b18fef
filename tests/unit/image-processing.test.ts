import { describe, expect, it } from "vitest";
import { VARIANT_WIDTHS, variantWidthsFor } from "~/server/photos/image-processing.server";

describe("variantWidthsFor", () => {
  it.each([
    [1, [1]],
    [200, [200]],
    [320, [320]],
    [321, [320, 321]],
    [800, [320, 480, 640, 800]],
    [1280, [320, 480, 640, 800, 960, 1280]],
    [2560, [320, 480, 640, 800, 960, 1280, 1920, 2560]],
    [6000, [320, 480, 640, 800, 960, 1280, 1920, 2560]],
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
