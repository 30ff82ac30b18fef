/**
 * The title, caption and keywords photo tools (Lightroom, Capture One, Apple Photos, Windows) write into a file, read
 * from wherever they keep them: XMP, then IPTC-IIM, then EXIF, field by field (record 075). Text from a file is cleaned
 * like text the owner types and is never HTML.
 */
import { cleanLine, cleanText } from "~/lib/clean-text";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { NO_LAYOUT_TEXT, type LayoutText } from "./file-text-layout.server";
import { readExifText } from "./file-text-exif.server";
import { readIptcText } from "./file-text-iptc.server";
import { readXmpText } from "./file-text-xmp.server";
import { loadSharp } from "./sharp.server";

/** A keyword as a tag: its leaf, and the path it came from (the leaf alone for a flat keyword). */
export interface FileKeyword {
  name: string;
  path: string;
}

export interface FileText {
  title: string | null;
  description: string | null;
  keywords: FileKeyword[];
}

/** Keywords kept from one file: more is a list pasted by mistake. */
const MAX_KEYWORDS = 100;
const MAX_KEYWORD_LENGTH = 100;
const PATH_SEPARATOR = "|";

const line = (value: string | null, max: number): string | null => (value && cleanLine(value).slice(0, max)) || null;
const text = (value: string | null, max: number): string | null => (value && cleanText(value).slice(0, max)) || null;

/**
 * The keywords as tags. A hierarchical keyword becomes its leaf ("People|Anna" → "Anna"); the flat keywords a tool
 * writes beside it for each level ("People") are dropped, other flat keywords kept. Duplicates (ignoring case) go.
 */
export function keywordsAsTags(flat: string[], paths: string[]): FileKeyword[] {
  const tags: FileKeyword[] = [];
  const seen = new Set<string>();
  const add = (name: string, path: string) => {
    const key = name.toLocaleLowerCase();
    if (!name || seen.has(key) || tags.length >= MAX_KEYWORDS) return;
    seen.add(key);
    tags.push({ name, path });
  };
  const levels = new Set<string>();
  for (const raw of paths) {
    const parts = raw
      .split(PATH_SEPARATOR)
      .map((part) => line(part, MAX_KEYWORD_LENGTH))
      .filter((part): part is string => part !== null);
    if (parts.length === 0) continue;
    for (const part of parts.slice(0, -1)) levels.add(part.toLocaleLowerCase());
    add(parts.at(-1)!, parts.join(PATH_SEPARATOR));
  }
  for (const raw of flat) {
    const name = line(raw, MAX_KEYWORD_LENGTH);
    if (name && !levels.has(name.toLocaleLowerCase())) add(name, name);
  }
  return tags;
}

/** Each field from the first layout that carries it, in the order given (XMP, IPTC, EXIF). */
export function preferFirst(layouts: LayoutText[]): FileText {
  const first = <T>(pick: (layout: LayoutText) => T | null): T | null => {
    for (const layout of layouts) {
      const value = pick(layout);
      if (value !== null) return value;
    }
    return null;
  };
  const withKeywords = layouts.find((layout) => layout.keywords.length > 0 || layout.keywordPaths.length > 0);
  return {
    title: first((layout) => line(layout.title, MAX_NAME_LENGTH)),
    description: first((layout) => text(layout.description, MAX_DESCRIPTION_LENGTH)),
    keywords: withKeywords ? keywordsAsTags(withKeywords.keywords, withKeywords.keywordPaths) : [],
  };
}

/** What the file says of itself; nothing when it carries none of it or cannot be read. */
export async function readFileText(file: string): Promise<FileText> {
  const sharp = await loadSharp();
  let metadata: { exif?: Buffer; iptc?: Buffer; xmp?: Buffer };
  try {
    metadata = await sharp(file).metadata();
  } catch {
    return preferFirst([]);
  }
  const layouts = await Promise.all([
    metadata.xmp ? readXmpText(metadata.xmp) : NO_LAYOUT_TEXT,
    metadata.iptc ? readIptcText(metadata.iptc) : NO_LAYOUT_TEXT,
    metadata.exif ? readExifText(metadata.exif) : NO_LAYOUT_TEXT,
  ]);
  return preferFirst(layouts);
}
