/**
 * Japanese readings of whole numbers: 123 → "ひゃくにじゅうさん" (kana) and "百二十三" (kanji),
 * with the sound changes of spoken Japanese (さんびゃく, はっせん, いっちょう...).
 */

export type KanaScript = "hiragana" | "katakana";

/** Up to 9999京: four-digit groups of 一, 万, 億, 兆 and 京. */
export const MAX_DIGITS = 20;

const DIGIT_READINGS = ["", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"] as const;
const DIGIT_KANJI = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"] as const;
const GROUP_READINGS = ["", "まん", "おく", "ちょう", "けい"] as const;
const GROUP_KANJI = ["", "万", "億", "兆", "京"] as const;

/** Readings that change before these units: 3 百 → さんびゃく, 8 千 → はっせん. */
const HUNDREDS: Record<number, string> = { 1: "ひゃく", 3: "さんびゃく", 6: "ろっぴゃく", 8: "はっぴゃく" };
const THOUSANDS: Record<number, string> = { 1: "せん", 3: "さんぜん", 8: "はっせん" };

/** Endings that shorten to a glottal stop (っ) before the group unit, e.g. いち + ちょう → いっちょう. */
const SOKUON_BEFORE: Record<string, [ending: string, short: string][]> = {
  ちょう: [
    ["いち", "いっ"],
    ["はち", "はっ"],
    ["じゅう", "じゅっ"],
  ],
  けい: [
    ["いち", "いっ"],
    ["ろく", "ろっ"],
    ["はち", "はっ"],
    ["じゅう", "じゅっ"],
    ["ひゃく", "ひゃっ"],
  ],
};

type ParsedNumber = { ok: true; negative: boolean; digits: string } | { ok: false; message: string };

/** Accepts an optional minus sign and digits, ignoring spaces, commas and underscores used as separators. */
export function parseNumeral(input: string): ParsedNumber {
  const compact = input.trim().replace(/[\s,_]/g, "");
  if (compact === "") return { ok: false, message: "Enter a whole number." };
  const match = /^([-−]?)(\d+)$/.exec(compact);
  if (!match) return { ok: false, message: "Only whole numbers made of the digits 0 to 9 can be converted." };
  const digits = match[2]!.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_DIGITS) return { ok: false, message: `Numbers up to ${MAX_DIGITS} digits can be converted.` };
  return { ok: true, negative: match[1] !== "" && digits !== "0", digits };
}

/** Four-digit groups, least significant first: "1234567" → [4567, 123]. */
function groupsOf(digits: string): number[] {
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 4) groups.push(Number(digits.slice(Math.max(0, end - 4), end)));
  return groups;
}

function groupReading(value: number, groupIndex: number): string {
  const thousands = Math.floor(value / 1000);
  const hundreds = Math.floor(value / 100) % 10;
  const tens = Math.floor(value / 10) % 10;
  const ones = value % 10;
  let reading = "";
  // A bare 千 before a higher unit is read いっせん: いっせんまん, not せんまん.
  if (thousands)
    reading +=
      thousands === 1 && groupIndex > 0 ? "いっせん" : (THOUSANDS[thousands] ?? `${DIGIT_READINGS[thousands]}せん`);
  if (hundreds) reading += HUNDREDS[hundreds] ?? `${DIGIT_READINGS[hundreds]}ひゃく`;
  if (tens) reading += tens === 1 ? "じゅう" : `${DIGIT_READINGS[tens]}じゅう`;
  if (ones) reading += DIGIT_READINGS[ones];
  const unit = GROUP_READINGS[groupIndex]!;
  for (const [ending, short] of SOKUON_BEFORE[unit] ?? []) {
    if (reading.endsWith(ending)) {
      reading = reading.slice(0, -ending.length) + short;
      break;
    }
  }
  return reading + unit;
}

function groupKanji(value: number, groupIndex: number): string {
  const places: [number, string][] = [
    [Math.floor(value / 1000), "千"],
    [Math.floor(value / 100) % 10, "百"],
    [Math.floor(value / 10) % 10, "十"],
  ];
  // 一 is written only before 万 and the higher units, and for the ones digit: 千, 百, 十 but 一万.
  const head = places
    .map(([digit, unit]) => (digit === 0 ? "" : `${digit === 1 ? "" : DIGIT_KANJI[digit]}${unit}`))
    .join("");
  return head + DIGIT_KANJI[value % 10] + GROUP_KANJI[groupIndex];
}

function toKatakana(hiragana: string): string {
  return hiragana.replace(/[\u3041-\u3096]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60));
}

interface KanaConversion {
  kana: string;
  kanji: string;
}

/** The reading of a parsed number in hiragana or katakana, and its kanji form. */
export function convertDigits(
  { negative, digits }: { negative: boolean; digits: string },
  script: KanaScript = "hiragana",
): KanaConversion {
  let kana: string;
  let kanji: string;
  if (/^0+$/.test(digits)) {
    kana = "ぜろ";
    kanji = "零";
  } else {
    const groups = groupsOf(digits);
    kana = groups
      .map((group, index) => (group ? groupReading(group, index) : ""))
      .reverse()
      .join("");
    kanji = groups
      .map((group, index) => (group ? groupKanji(group, index) : ""))
      .reverse()
      .join("");
  }
  if (negative) {
    kana = `まいなす${kana}`;
    kanji = `マイナス${kanji}`;
  }
  return { kana: script === "katakana" ? toKatakana(kana) : kana, kanji };
}
