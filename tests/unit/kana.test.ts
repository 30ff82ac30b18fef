import { describe, expect, it } from "vitest";
import { convertDigits, parseNumeral, type KanaScript } from "~/lib/kana";

/** The reading the converter shows for what was typed. */
function reading(input: number | bigint | string, script: KanaScript = "hiragana"): string {
  const parsed = parseNumeral(String(input));
  if (!parsed.ok) throw new Error(parsed.message);
  return convertDigits(parsed, script).kana;
}

describe("readings", () => {
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
  ])("reads %i as %s", (value, expected) => {
    expect(reading(value)).toBe(expected);
  });

  it("shortens the readings before 兆 and 京", () => {
    expect(reading(1_000_000_000_000n)).toBe("いっちょう");
    expect(reading(8_000_000_000_000n)).toBe("はっちょう");
    expect(reading(10_000_000_000_000n)).toBe("じゅっちょう");
    expect(reading(100_000_000_000_000n)).toBe("ひゃくちょう");
    expect(reading(10n ** 16n)).toBe("いっけい");
    expect(reading(6n * 10n ** 16n)).toBe("ろっけい");
    expect(reading(10n ** 18n)).toBe("ひゃっけい");
  });

  it("writes katakana on request", () => {
    expect(reading(123, "katakana")).toBe("ヒャクニジュウサン");
    expect(reading(-5, "katakana")).toBe("マイナスゴ");
  });

  it("reads negative numbers with まいなす, but never minus zero", () => {
    expect(reading(-42)).toBe("まいなすよんじゅうに");
    expect(reading("-0")).toBe("ぜろ");
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
    expect(parseNumeral("12a")).toMatchObject({
      ok: false,
      message: "Only whole numbers made of the digits 0 to 9 can be converted.",
    });
    expect(parseNumeral("9".repeat(20))).toMatchObject({ ok: true });
    expect(parseNumeral("9".repeat(21))).toMatchObject({
      ok: false,
      message: "Numbers up to 20 digits can be converted.",
    });
  });
});
