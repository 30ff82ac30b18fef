import { describe, expect, it } from "vitest";
import { formatBytes, formatKilobytes, formatLongDate } from "~/lib/format";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1024 * 1024 * 2.345, "2.35 MB"],
    [1024 ** 3 * 5, "5 GB"],
    [1024 ** 4, "1024 GB"],
  ])("%d bytes → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe("formatKilobytes", () => {
  it("shows kilobytes with two decimals", () => {
    expect(formatKilobytes(1536)).toBe("1.50");
    expect(formatKilobytes(100)).toBe("0.10");
  });
});

describe("formatLongDate", () => {
  it("writes month day, year in English", () => {
    expect(formatLongDate("2026-11-22T10:00:00.000Z")).toBe("November 22, 2026");
  });
});
