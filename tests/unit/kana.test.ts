import { describe, expect, it } from "vitest";
import { convertDigits, numberToKana, parseNumeral } from "~/lib/kana";

describe("numberToKana", () => {
  it.each([
    [0, "ぜろ"],
    [1, "いち"],
    [4, "よん"],
    [7, "なな"],
    [9, "きゅう"],
    [10, "じゅう"],
    [11, "じゅういち"],
    [40, "よんじゅう"],
    [99, "きゅうじゅうきゅう"],
    [100, "ひゃく"],
    [123, "ひゃくにじゅうさん"],
    [300, "さんびゃく"],
    [600, "ろっぴゃく"],
    [800, "はっぴゃく"],
    [1000, "せん"],
    [3000, "さんぜん"],
    [8000, "はっせん"],
    [2024, "にせんにじゅうよん"],
    [10000, "いちまん"],
    [10001, "いちまんいち"],
    [100000, "じゅうまん"],
    [10000000, "いっせんまん"],
    [31000000, "さんぜんひゃくまん"],
    [100000000, "いちおく"],
    [123456789, "いちおくにせんさんびゃくよんじゅうごまんろくせんななひゃくはちじゅうきゅう"],
  ])("reads %i as %s", (value, reading) => {
    expect(numberToKana(value)).toBe(reading);
  });

  it("shortens the readings before 兆 and 京", () => {
    expect(numberToKana(1_000_000_000_000n)).toBe("いっちょう");
    expect(numberToKana(8_000_000_000_000n)).toBe("はっちょう");
    expect(numberToKana(10_000_000_000_000n)).toBe("じゅっちょう");
    expect(numberToKana(100_000_000_000_000n)).toBe("ひゃくちょう");
    expect(numberToKana(10n ** 16n)).toBe("いっけい");
    expect(numberToKana(6n * 10n ** 16n)).toBe("ろっけい");
    expect(numberToKana(10n ** 18n)).toBe("ひゃっけい");
  });

  it("writes katakana on request", () => {
    expect(numberToKana(123, "katakana")).toBe("ヒャクニジュウサン");
    expect(numberToKana(-5, "katakana")).toBe("マイナスゴ");
  });

  it("reads negative numbers with まいなす, but never minus zero", () => {
    expect(numberToKana(-42)).toBe("まいなすよんじゅうに");
    expect(numberToKana("-0")).toBe("ぜろ");
  });

  it("refuses what is not a whole number in range", () => {
    expect(() => numberToKana(1.5)).toThrow(RangeError);
    expect(() => numberToKana("12a")).toThrow(RangeError);
    expect(() => numberToKana("1".repeat(21))).toThrow(RangeError);
  });
});

describe("kanji", () => {
  it.each([
    ["0", "零"],
    ["10", "十"],
    ["111", "百十一"],
    ["2024", "二千二十四"],
    ["10000", "一万"],
    ["10010", "一万十"],
    ["100000000", "一億"],
    ["1200000034", "十二億三十四"],
  ])("writes %s as %s", (digits, kanji) => {
    expect(convertDigits({ negative: false, digits }).kanji).toBe(kanji);
  });
});

describe("parseNumeral", () => {
  it("accepts separators and leading zeros", () => {
    expect(parseNumeral(" 1,234 567 ")).toEqual({ ok: true, negative: false, digits: "1234567" });
    expect(parseNumeral("007")).toEqual({ ok: true, negative: false, digits: "7" });
    expect(parseNumeral("-12")).toEqual({ ok: true, negative: true, digits: "12" });
  });

  it("explains what it refuses", () => {
    expect(parseNumeral("")).toEqual({ ok: false, message: "Enter a whole number." });
    expect(parseNumeral("3.14")).toMatchObject({ ok: false });
    expect(parseNumeral("9".repeat(20))).toMatchObject({ ok: true });
    expect(parseNumeral("9".repeat(21))).toMatchObject({ ok: false, message: "Numbers up to 20 digits can be converted." });
  });
});
