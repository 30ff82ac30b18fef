import { describe, expect, it } from "vitest";
import { cleanLine, cleanText, stripNonXmlChars } from "~/lib/clean-text";
import { escapeXml } from "~/server/http/xml.server";

// What XML 1.0 refuses outright: one of these in a name made both Atom feeds unreadable for every subscriber.
const NON_XML = ["\uFFFE", "\uFFFF", "\uD800", "\uDFFF", "\u000B", "\u001F"];

describe("text cleaning", () => {
  it.each(NON_XML)("drops a character XML cannot carry from names and texts (case %#)", (char) => {
    expect(cleanLine(`Har${char}bour`)).toBe("Harbour");
    expect(cleanText(`Fog${char} at dawn`)).toBe("Fog at dawn");
  });

  it("keeps astral characters (a surrogate pair is one character) and right-to-left text", () => {
    expect(cleanLine("Sunset 🌅 שקיעה\u200F")).toBe("Sunset 🌅 שקיעה\u200F");
    expect(cleanText("Line one\r\nLine two\twith a tab")).toBe("Line one\nLine two\twith a tab");
  });

  it("makes camera text one line without bidi overrides", () => {
    expect(cleanLine(" Canon\u202E EOS\nR5\0 ")).toBe("Canon EOS R5");
  });

  it("escapes markup and drops non-XML characters already stored, keeping tabs and line breaks", () => {
    expect(escapeXml("A & B <c> \"d\" 'e'")).toBe("A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;");
    expect(escapeXml("Old\uFFFE name\uFFFF\n\tend")).toBe("Old name\n\tend");
    expect(stripNonXmlChars("😀\uD83D")).toBe("😀");
  });
});
