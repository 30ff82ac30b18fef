import { describe, expect, it } from "vitest";
import { coverPosition, monthRangeText } from "~/lib/album-card";

describe("monthRangeText", () => {
  it("names one month once, a year's range with the year once, and years apart in full", () => {
    expect(monthRangeText({ first: "2025-05", last: "2025-05" })).toBe("May 2025");
    expect(monthRangeText({ first: "2025-05", last: "2025-06" })).toBe("May–June 2025");
    expect(monthRangeText({ first: "2024-12", last: "2025-01" })).toBe("December 2024–January 2025");
  });
});

describe("coverPosition", () => {
  it("centres the focus as far as the crop allows, on the axis that is cropped", () => {
    // A 3:1 panorama in a 3:2 frame shows half its width.
    expect(coverPosition(900, 300, { x: 0.1, y: 0.5 }, 3 / 2)).toBe("0% 50%");
    expect(coverPosition(900, 300, { x: 0.5, y: 0.5 }, 3 / 2)).toBe("50% 50%");
    expect(coverPosition(900, 300, { x: 0.625, y: 0.2 }, 3 / 2)).toBe("75% 50%");
    // A 2:3 portrait shows 4/9 of its height: a face near the top stays in.
    expect(coverPosition(400, 600, { x: 0.5, y: 0.2 }, 3 / 2)).toBe("50% 0%");
    expect(coverPosition(400, 600, { x: 0.5, y: 0.5 }, 3 / 2)).toBe("50% 50%");
  });

  it("stays centred without a focus or when nothing is cropped", () => {
    expect(coverPosition(900, 300, null, 3 / 2)).toBe("50% 50%");
    expect(coverPosition(600, 400, { x: 0.1, y: 0.1 }, 3 / 2)).toBe("50% 50%");
  });
});
