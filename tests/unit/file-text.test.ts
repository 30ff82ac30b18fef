// The title, caption and keywords photo tools write, read from files exiftool wrote in each layout
// (tests/fixtures/make-text-fixtures.sh), and the rules that join the layouts (record 075).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keywordsAsTags, preferFirst, readFileText } from "~/server/photos/file-text.server";
import { readXmpText } from "~/server/photos/file-text-xmp.server";

const fixture = (name: string) => path.resolve(import.meta.dirname, "../fixtures", name);

describe("readFileText", () => {
  it("prefers XMP over IPTC and EXIF, and makes Lightroom's hierarchical keywords their leaf", async () => {
    expect(await readFileText(fixture("text-all.jpg"))).toEqual({
      title: "Lofoten, première lumière",
      description: "Reine at dawn — Malmö's cousin",
      keywords: [
        { name: "Anna", path: "People|Anna" },
        { name: "Norway", path: "Places|Norway" },
        { name: "Travel", path: "Travel" },
      ],
    });
  });

  it("reads IPTC in UTF-8 when its character set says so, before EXIF", async () => {
    expect(await readFileText(fixture("text-iptc-utf8.jpg"))).toEqual({
      title: "Smørbukk",
      description: "Ærøskøbing harbour",
      keywords: [
        { name: "Danmark", path: "Danmark" },
        { name: "Havn", path: "Havn" },
      ],
    });
  });

  it("reads IPTC without a character set as Latin-1", async () => {
    expect(await readFileText(fixture("text-iptc-latin1.jpg"))).toEqual({
      title: "Malmö",
      description: "Café à Malmö",
      keywords: [{ name: "Skåne", path: "Skåne" }],
    });
  });

  it("reads Windows' UTF-16 XP tags and ImageDescription from EXIF", async () => {
    expect(await readFileText(fixture("text-exif.jpg"))).toEqual({
      title: "Kyōto 京都",
      description: "Kinkaku-ji (金閣寺) in autumn",
      keywords: [
        { name: "temple", path: "temple" },
        { name: "秋", path: "秋" },
      ],
    });
  });

  it("reads XMP inside an HEIC", async () => {
    expect(await readFileText(fixture("text.heic"))).toEqual({
      title: "Orange sky",
      description: "Over the dark ground",
      keywords: [{ name: "Sky", path: "Sky" }],
    });
  });

  it("finds nothing in a file without text, or one that is no image", async () => {
    const empty = { title: null, description: null, keywords: [] };
    expect(await readFileText(fixture("photo.heic"))).toEqual(empty);
    expect(await readFileText(fixture("README.md"))).toEqual(empty);
  });
});

describe("readXmpText", () => {
  const packet = (body: string, dc = "dc") =>
    Buffer.from(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
        `<rdf:Description xmlns:${dc}="http://purl.org/dc/elements/1.1/">${body}</rdf:Description></rdf:RDF></x:xmpmeta>`,
    );

  it("takes the default language of a title in several, whatever prefix the file bound", async () => {
    const alt = `<d:title><rdf:Alt><rdf:li xml:lang="de">Morgen</rdf:li><rdf:li xml:lang="x-default">Morning &amp; mist</rdf:li></rdf:Alt></d:title>`;
    expect((await readXmpText(packet(alt, "d"))).title).toBe("Morning & mist");
  });

  it("decodes each entity once: a written-out reference stays text", async () => {
    const title = `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Anna&#39;s &amp;#39; &#x4EAC;</rdf:li></rdf:Alt></dc:title>`;
    expect((await readXmpText(packet(title))).title).toBe("Anna's &#39; 京");
  });

  it("keeps a title of digits as text", async () => {
    expect(
      (await readXmpText(packet(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">2024</rdf:li></rdf:Alt></dc:title>`)))
        .title,
    ).toBe("2024");
  });

  it("reads nothing from a packet with a DOCTYPE, or one that is not XML", async () => {
    const bomb = Buffer.from(`<!DOCTYPE x [<!ENTITY a "aaaa">]>${packet("<dc:title>&a;</dc:title>").toString()}`);
    expect((await readXmpText(bomb)).title).toBeNull();
    expect((await readXmpText(Buffer.from("<x:xmpmeta><unclosed"))).title).toBeNull();
  });
});

describe("preferFirst", () => {
  const layout = (title: string | null, description: string | null = null, keywords: string[] = []) => ({
    title,
    description,
    keywords,
    keywordPaths: [],
  });

  it("takes each field from the first layout that has it, and the keywords of one layout only", () => {
    expect(
      preferFirst([layout(null, "xmp caption"), layout("iptc title", "iptc caption", ["a"]), layout("exif")]),
    ).toEqual({
      title: "iptc title",
      description: "xmp caption",
      keywords: [{ name: "a", path: "a" }],
    });
  });

  it("cleans file text like typed text: controls and bidi overrides go, a title is one line, lengths are capped", () => {
    const text = preferFirst([layout("photo\u202Egpj.exe\nline two", `${"x".repeat(6000)}\u0007`)]);
    expect(text.title).toBe("photogpj.exe line two");
    expect(text.description).toHaveLength(5000);
    expect(preferFirst([layout("  \u0000 ")]).title).toBeNull();
  });
});

describe("keywordsAsTags", () => {
  it("drops the levels a tool repeats as flat keywords and duplicates in any case, keeps other flat ones", () => {
    expect(keywordsAsTags(["People", "anna", "Sunset", "sunset"], ["People|Anna", "People|Family|Anna"])).toEqual([
      { name: "Anna", path: "People|Anna" },
      { name: "Sunset", path: "Sunset" },
    ]);
  });

  it("skips empty levels and keeps at most 100 keywords of at most 100 characters", () => {
    expect(keywordsAsTags([], ["|Places||Lofoten|"])).toEqual([{ name: "Lofoten", path: "Places|Lofoten" }]);
    const many = Array.from({ length: 150 }, (_, i) => `k${i}`);
    expect(keywordsAsTags(many, [])).toHaveLength(100);
    expect(keywordsAsTags(["y".repeat(300)], [])[0]!.name).toHaveLength(100);
  });
});
