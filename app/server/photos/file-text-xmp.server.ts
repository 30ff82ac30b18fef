/** The title, caption and keywords of an XMP packet (Dublin Core, and Lightroom's hierarchical keywords). */
import type { XMLParser } from "fast-xml-parser";
import { NO_LAYOUT_TEXT, type LayoutText } from "./file-text-layout.server";

const DC = "http://purl.org/dc/elements/1.1/";
const LIGHTROOM = "http://ns.adobe.com/lightroom/1.0/";
/** A JPEG's packet is at most 64 KB; more is not a photo tool's. */
const MAX_PACKET = 1024 * 1024;

// Loaded with the first packet to read, not at every start (record 097).
let loading: Promise<XMLParser> | undefined;
const parser = () =>
  (loading ??= import("fast-xml-parser").then(
    ({ XMLParser }) =>
      new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: "@",
        textNodeName: "#text",
        // Values stay text: "2024" is a title, not a number.
        parseTagValue: false,
        parseAttributeValue: false,
        trimValues: true,
        // Decoded below, in one pass with the numeric references exiftool writes ("&#39;").
        processEntities: false,
      }),
  ));

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML's five named entities and its numeric references; anything else stays as written. */
function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g,
    (found, hex?: string, decimal?: string, name?: string) => {
      if (name) return NAMED[name]!;
      const code = parseInt(hex ?? decimal!, hex ? 16 : 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : found;
    },
  );
}

type Node = string | number | boolean | { [key: string]: Node | Node[] } | Node[];
interface Value {
  text: string;
  lang: string | null;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The texts of a property: a plain value, or the items of its rdf:Alt, rdf:Bag or rdf:Seq. */
function values(node: Node): Value[] {
  if (typeof node !== "object") return [{ text: decodeEntities(String(node)), lang: null }];
  if (Array.isArray(node)) return node.flatMap(values);
  const list = Object.entries(node).find(([key]) => ["Alt", "Bag", "Seq"].includes(localName(key)));
  if (list) {
    const items = Object.entries(list[1] as object).filter(([key]) => localName(key) === "li");
    return items.flatMap(([, item]) => asArray(item as Node | Node[])).flatMap(values);
  }
  const own = node["#text"];
  if (own === undefined) return [];
  const lang = node["@xml:lang"];
  return [{ text: decodeEntities(String(own)), lang: typeof lang === "string" ? lang : null }];
}

/** An rdf:Alt's value in the default language, else its first. */
function defaultLanguage(found: Value[]): string | null {
  return (found.find((value) => value.lang === "x-default") ?? found[0])?.text ?? null;
}

/** Every property and attribute in the packet, by namespace and local name, whatever prefix the file bound. */
function properties(root: Node): Map<string, Node[]> {
  const prefixes = new Map<string, string>();
  const found: [string, Node][] = [];
  const walk = (node: Node) => {
    if (typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("@xmlns:")) prefixes.set(key.slice("@xmlns:".length), String(value));
      else if (key !== "#text") found.push([key.startsWith("@") ? key.slice(1) : key, value as Node]);
      if (!key.startsWith("@")) walk(value as Node);
    }
  };
  walk(root);
  const byName = new Map<string, Node[]>();
  for (const [name, value] of found) {
    const colon = name.indexOf(":");
    if (colon < 0) continue;
    const uri = prefixes.get(name.slice(0, colon));
    if (!uri) continue;
    const key = uri + name.slice(colon + 1);
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  return byName;
}

export async function readXmpText(packet: Buffer): Promise<LayoutText> {
  const xml = packet.subarray(0, MAX_PACKET).toString("utf8");
  // A packet never declares a DOCTYPE: one that does may be an entity bomb.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return NO_LAYOUT_TEXT;
  const xmlParser = await parser();
  let byName: Map<string, Node[]>;
  try {
    byName = properties(xmlParser.parse(xml) as Node);
  } catch {
    return NO_LAYOUT_TEXT;
  }
  const all = (uri: string, name: string) => (byName.get(uri + name) ?? []).flatMap(values);
  return {
    title: defaultLanguage(all(DC, "title")),
    description: defaultLanguage(all(DC, "description")),
    keywords: all(DC, "subject").map((value) => value.text),
    keywordPaths: all(LIGHTROOM, "hierarchicalSubject").map((value) => value.text),
  };
}
