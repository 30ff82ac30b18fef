// The documentation stays usable: a short README, no overgrown table cells,
// links and file names that lead somewhere, and dated decision records.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const markdownIn = (dir: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? markdownIn(path.join(dir, entry.name))
        : entry.name.endsWith(".md")
          ? [path.join(dir, entry.name)]
          : [],
    );

const DECISIONS = "docs/decisions";
/** The guides, whose file names must be today's (decision records may name files as they were). */
const GUIDES = ["README.md", "DEVELOPERS.md", ...markdownIn("docs").filter((file) => !file.startsWith(DECISIONS))];
const ALL = [...GUIDES, ...markdownIn(DECISIONS)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .replaceAll(" ", "-");
const anchorsIn = (file: string) =>
  new Set([...read(file).matchAll(/^#+ (.*)$/gm)].map((match) => anchorOf(match[1]!)));

describe("README", () => {
  it("is short and gives the two commands", () => {
    const readme = read("README.md");
    expect(Buffer.byteLength(readme)).toBeLessThan(8 * 1024);
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });
});

describe("every guide and decision record", () => {
  it("keeps table cells short", () => {
    const long = ALL.flatMap((file) =>
      read(file)
        .split("\n")
        .filter((line) => line.startsWith("|"))
        .flatMap((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()))
        .filter((cell) => cell.length > 250)
        .map((cell) => `${file}: ${cell.slice(0, 60)}… (${cell.length})`),
    );
    expect(long).toEqual([]);
  });

  it("links only to files and headings that exist", () => {
    const broken = ALL.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((link) => !/^[a-z]+:/.test(link))
        .filter((link) => {
          const [target, anchor] = link.split("#");
          const resolved = target ? path.join(path.dirname(file), target) : file;
          if (!fs.existsSync(path.join(ROOT, resolved))) return true;
          return Boolean(anchor) && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor!);
        })
        .map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });
});

describe("the guides", () => {
  it("name only files that exist", () => {
    const missing = GUIDES.flatMap((file) =>
      [...read(file).matchAll(/`((?:app|tests|scripts|docs|drizzle)\/[\w./$+-]+\.\w+)`/g)]
        .map((match) => match[1]!)
        .filter((named) => !fs.existsSync(path.join(ROOT, named)))
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("decision records", () => {
  const records = fs.readdirSync(path.join(ROOT, DECISIONS)).filter((name) => /^\d{3}-.*\.md$/.test(name));

  it("each carry a date and a status, as epic-stack's do", () => {
    const undated = records.filter((name) => {
      const text = read(path.join(DECISIONS, name));
      return (
        !/^Date: \d{4}-\d{2}-\d{2}$/m.test(text) ||
        !/^Status: (accepted|superseded|deprecated|proposed|rejected)\b/m.test(text)
      );
    });
    expect(undated).toEqual([]);
  });

  it("have numbers of their own", () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });
});
