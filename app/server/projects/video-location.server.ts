/**
 * Takes the place a video was filmed out of it, in place, before it is stored
 * (a project card's video is published byte for byte). Phones and editors
 * write it in MP4 and MOV as `©xyz` (Android, Apple), QuickTime's
 * `com.apple.quicktime.location.*` keys (iPhone), 3GPP's `loci` and XMP in a
 * `uuid` or `XMP_` box; ffmpeg carries it into WebM as a LOCATION tag.
 * Nothing moves, so every offset in the file still points right: a location
 * box becomes a `free` box of zeros, a location value becomes zeros.
 */
import fsp from "node:fs/promises";
import { stripXmpLocation } from "~/server/photos/location-removal.server";

/** Boxes that hold boxes, down to where metadata lives (`ilst` items hold `data` boxes). */
const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "udta", "edts"]);
const LOCATION_BOXES = new Set(["\xa9xyz", "loci"]);
const XMP_UUID = Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex");
/** QuickTime metadata keys that say where: `com.apple.quicktime.location.ISO6709`, its name, accuracy… */
const LOCATION_KEY = /location|gps|iso6709/i;

interface Box {
  type: string;
  /** Where the box starts, its payload starts, and the box ends. */
  start: number;
  body: number;
  end: number;
}

/** The boxes between `start` and `end`; a box that runs past `end` ends the walk (a 32-bit terminator, padding). */
function boxes(bytes: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    found.push({ type: bytes.toString("latin1", at + 4, at + 8), start: at, body: at + header, end: at + size });
    at += size;
  }
  return found;
}

/** A `meta` box's children: after its version and flags (ISO), or at once (QuickTime, whose first child is `hdlr`). */
function metaChildren(bytes: Buffer, meta: Box): Box[] {
  const quickTime = bytes.toString("latin1", meta.body + 4, meta.body + 8) === "hdlr";
  return boxes(bytes, quickTime ? meta.body : meta.body + 4, meta.end);
}

/**
 * The 1-based numbers of a `keys` box's location keys, whose names become
 * zeros: a reader would otherwise show the zeroed value as a place (0°, 0°).
 */
function locationKeys(bytes: Buffer, keys: Box): Set<number> {
  const found = new Set<number>();
  let at = keys.body + 8;
  for (let index = 1; at + 8 <= keys.end; index++) {
    const size = bytes.readUInt32BE(at);
    if (size < 8 || at + size > keys.end) break;
    if (LOCATION_KEY.test(bytes.toString("latin1", at + 8, at + size))) {
      found.add(index);
      bytes.fill(0, at + 8, at + size);
    }
    at += size;
  }
  return found;
}

/** Zeroes the values of an `ilst` item's `data` boxes (after their type and locale), keeping the boxes. */
function zeroValues(bytes: Buffer, item: Box): void {
  for (const data of boxes(bytes, item.body, item.end)) {
    if (data.type === "data") bytes.fill(0, Math.min(data.body + 8, data.end), data.end);
  }
}

function cleanMeta(bytes: Buffer, meta: Box): void {
  const children = metaChildren(bytes, meta);
  const keys = children.find((child) => child.type === "keys");
  const numbered = keys ? locationKeys(bytes, keys) : new Set<number>();
  for (const ilst of children.filter((child) => child.type === "ilst")) {
    for (const item of boxes(bytes, ilst.body, ilst.end)) {
      // An item's type is the number of its key.
      if (LOCATION_BOXES.has(item.type) || numbered.has(bytes.readUInt32BE(item.start + 4))) zeroValues(bytes, item);
    }
  }
  clean(bytes, children);
}

function clean(bytes: Buffer, found: Box[]): void {
  for (const box of found) {
    if (LOCATION_BOXES.has(box.type)) {
      bytes.write("free", box.start + 4, "latin1");
      bytes.fill(0, box.body, box.end);
    } else if (box.type === "meta") cleanMeta(bytes, box);
    else if (box.type === "XMP_") stripXmpLocation(bytes.subarray(box.body, box.end));
    else if (box.type === "uuid" && bytes.subarray(box.body, box.body + 16).equals(XMP_UUID)) {
      stripXmpLocation(bytes.subarray(box.body + 16, box.end));
    } else if (CONTAINERS.has(box.type)) clean(bytes, boxes(bytes, box.body, box.end));
  }
}

/** An EBML variable-length number at `at`: its value and how many bytes it took. */
function vint(bytes: Buffer, at: number): { value: number; length: number } | undefined {
  const first = bytes[at];
  if (!first) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

const TAG_NAME = Buffer.from([0x45, 0xa3]);
const TAG_STRING = Buffer.from([0x44, 0x87]);
/** The other children of a SimpleTag that may sit between its name and its value (language, default flag). */
const NAME_TO_VALUE = 64;
/** Tag names are short; a longer "name" is video data that happens to hold the TagName ID. */
const MAX_TAG_NAME = 64;

/**
 * WebM keeps tags as SimpleTag elements (a TagName, then a TagString) whose
 * place is not fixed: each TagName naming a location has its TagString zeroed.
 */
function cleanWebm(bytes: Buffer): void {
  for (let at = bytes.indexOf(TAG_NAME); at >= 0; at = bytes.indexOf(TAG_NAME, at + 2)) {
    const size = vint(bytes, at + 2);
    if (!size || size.value > MAX_TAG_NAME) continue;
    const name = bytes.toString("latin1", at + 2 + size.length, at + 2 + size.length + size.value);
    if (!LOCATION_KEY.test(name)) continue;
    const valueAt = bytes.indexOf(TAG_STRING, at + 2 + size.length + size.value);
    if (valueAt < 0 || valueAt > at + NAME_TO_VALUE + size.value) continue;
    const valueSize = vint(bytes, valueAt + 2);
    if (!valueSize) continue;
    const start = valueAt + 2 + valueSize.length;
    bytes.fill(0, start, Math.min(start + valueSize.value, bytes.length));
  }
}

/** The video's bytes without its location, in place. */
export function stripVideoLocation(bytes: Buffer, container: "mp4" | "webm"): void {
  if (container === "webm") cleanWebm(bytes);
  else clean(bytes, boxes(bytes, 0, bytes.length));
}

/** Writes the video at `from` to `to` without its location (a project video is at most 50 MB: it is read whole). */
export async function copyVideoWithoutLocation(from: string, to: string, container: "mp4" | "webm"): Promise<void> {
  const bytes = await fsp.readFile(from);
  stripVideoLocation(bytes, container);
  await fsp.writeFile(to, bytes);
}
