/**
 * The title, caption and keywords of IPTC-IIM (Photoshop's APP13 block in a JPEG): Object Name (2:05),
 * Caption-Abstract (2:120) and Keywords (2:25), in UTF-8 when the coded character set (1:90) says so, else Latin-1.
 */
import { NO_LAYOUT_TEXT, type LayoutText } from "./file-text-layout.server";

const PHOTOSHOP = Buffer.from("Photoshop 3.0\0", "latin1");
const RESOURCE = Buffer.from("8BIM", "latin1");
/** Photoshop's image resource that holds the IPTC-NAA records. */
const IPTC_RESOURCE_ID = 0x0404;
const TAG_MARKER = 0x1c;
/** ESC % G: ISO 2022's designation of UTF-8. */
const UTF8_DESIGNATION = Buffer.from([0x1b, 0x25, 0x47]);

/** The IPTC-NAA records in Photoshop's image resources, or the block itself when it is already records. */
function iptcRecords(block: Buffer): Buffer | null {
  if (block[0] === TAG_MARKER) return block;
  let at = block.subarray(0, PHOTOSHOP.length).equals(PHOTOSHOP) ? PHOTOSHOP.length : 0;
  while (at + 12 <= block.length && block.subarray(at, at + 4).equals(RESOURCE)) {
    const id = block.readUInt16BE(at + 4);
    const nameLength = block[at + 6]!;
    // The name is a Pascal string padded to an even length, its length byte included.
    const sizeAt = at + 6 + ((nameLength + 2) & ~1);
    if (sizeAt + 4 > block.length) return null;
    const size = block.readUInt32BE(sizeAt);
    const dataAt = sizeAt + 4;
    if (id === IPTC_RESOURCE_ID) return block.subarray(dataAt, Math.min(dataAt + size, block.length));
    at = dataAt + size + (size & 1);
  }
  return null;
}

interface DataSet {
  record: number;
  dataSet: number;
  value: Buffer;
}

function* dataSets(records: Buffer): Generator<DataSet> {
  let at = 0;
  while (at + 5 <= records.length && records[at] === TAG_MARKER) {
    const length = records.readUInt16BE(at + 3);
    // An extended data set (length over 32 KB) is no title or keyword: stop rather than guess.
    if (length & 0x8000) return;
    const start = at + 5;
    yield { record: records[at + 1]!, dataSet: records[at + 2]!, value: records.subarray(start, start + length) };
    at = start + length;
  }
}

export function readIptcText(block: Buffer): LayoutText {
  const records = iptcRecords(block);
  if (!records) return NO_LAYOUT_TEXT;
  const found = [...dataSets(records)];
  const utf8 = found.some((set) => set.record === 1 && set.dataSet === 90 && set.value.equals(UTF8_DESIGNATION));
  const decode = (value: Buffer) => value.toString(utf8 ? "utf8" : "latin1");
  const first = (dataSet: number) => {
    const set = found.find((candidate) => candidate.record === 2 && candidate.dataSet === dataSet);
    return set ? decode(set.value) : null;
  };
  return {
    title: first(5),
    description: first(120),
    keywords: found.filter((set) => set.record === 2 && set.dataSet === 25).map((set) => decode(set.value)),
    keywordPaths: [],
  };
}
