// The owner's favourites export (record 048): Lightroom's file names and CSV cells safe in a spreadsheet.
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/lib/csv";
import { favouriteCount, lightroomNames, withoutExtension } from "~/lib/favourites";

describe("lightroomNames", () => {
  it("drops each extension, keeps each name once, and joins them with commas", () => {
    const photos = ["DSC_0412.NEF", "DSC_0412.jpg", "IMG 7.heic", "archive.tar.gz", ".hidden", "plain"];
    expect(lightroomNames(photos.map((filename) => ({ filename })))).toBe(
      "DSC_0412, IMG 7, archive.tar, .hidden, plain",
    );
    expect(withoutExtension("a.b.c")).toBe("a.b");
  });
});

describe("csv", () => {
  it("quotes what needs quoting and doubles quotes", () => {
    expect(csvCell('Smith, "Jones"')).toBe('"Smith, ""Jones"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("prefixes a cell a spreadsheet would run as a formula, but never a number", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(-5)).toBe("-5");
  });

  it("prefixes a formula wherever a spreadsheet splitting at ; or tabs, or misreading quotes, would start a cell", () => {
    expect(csvCell("Anna;=HYPERLINK(1)")).toBe("Anna;'=HYPERLINK(1)");
    expect(csvCell("Anna\t+1")).toBe("Anna\t'+1");
    expect(csvCell("Anna\n@SUM(1)")).toBe(`"Anna\n'@SUM(1)"`);
    expect(csvCell("=1;-1")).toBe("'=1;'-1");
    expect(csvCell("a-b;c=d")).toBe("a-b;c=d");
  });

  it("starts with a byte order mark, for Excel, and ends every row with CRLF", () => {
    expect(
      toCsv([
        ["a", 1],
        ["b", 2],
      ]),
    ).toBe("\uFEFFa,1\r\nb,2\r\n");
  });
});

it("counts favourites in words", () => {
  expect([0, 1, 2].map(favouriteCount)).toEqual(["0 favourites", "1 favourite", "2 favourites"]);
});
