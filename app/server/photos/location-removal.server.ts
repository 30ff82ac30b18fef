/**
 * Takes the GPS position out of an EXIF block in place, without changing its
 * size (docs/decisions/041-originals-without-gps.md): the GPS IFD and every
 * value it points at become zeros, and its pointer leaves IFD0 (and IFD1). The
 * camera details, dates and the rest stay as the camera wrote them, and
 * whatever points into the file (MPF's offsets) still points right.
 */

/** Bytes per value of each TIFF field type (1 BYTE … 13 IFD). */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const GPS_POINTER = 0x8825;
const ORIENTATION = 0x0112;
const ENTRY_SIZE = 12;

class TiffView {
  readonly little: boolean;
  constructor(readonly bytes: Buffer) {
    const order = bytes.toString("latin1", 0, 2);
    if (order !== "II" && order !== "MM") throw new RangeError("not a TIFF structure");
    this.little = order === "II";
  }
  u16(at: number): number {
    return this.little ? this.bytes.readUInt16LE(at) : this.bytes.readUInt16BE(at);
  }
  u32(at: number): number {
    return this.little ? this.bytes.readUInt32LE(at) : this.bytes.readUInt32BE(at);
  }
  setU16(at: number, value: number): void {
    if (this.little) this.bytes.writeUInt16LE(value, at);
    else this.bytes.writeUInt16BE(value, at);
  }
  /** The IFD at `at`: its entry count and where its entries end (the next IFD's offset follows). */
  ifd(at: number): { count: number; end: number } {
    const count = this.u16(at);
    const end = at + 2 + count * ENTRY_SIZE;
    if (end + 4 > this.bytes.length) throw new RangeError("IFD past the end");
    return { count, end };
  }
  /** IFD0 and IFD1 (the thumbnail's), the chain a GPS pointer may hang from. */
  mainIfds(): number[] {
    const found: number[] = [];
    let at = this.u32(4);
    while (at > 0 && found.length < 2 && !found.includes(at)) {
      found.push(at);
      at = this.u32(this.ifd(at).end);
    }
    return found;
  }
  zero(from: number, length: number): void {
    if (from + length > this.bytes.length) throw new RangeError("value past the end");
    this.bytes.fill(0, from, from + length);
  }
}

/** Zeroes the GPS IFD at `at`: its values stored beyond their entries, then the IFD itself. */
function zeroGpsIfd(tiff: TiffView, at: number): void {
  const { count, end } = tiff.ifd(at);
  for (let entry = at + 2; entry < end; entry += ENTRY_SIZE) {
    const size = (TYPE_SIZES[tiff.u16(entry + 2)] ?? 0) * tiff.u32(entry + 4);
    if (size > 4) tiff.zero(tiff.u32(entry + 8), size);
  }
  tiff.zero(at, 2 + count * ENTRY_SIZE + 4);
}

/** Removes the entries tagged `tag` from the IFD at `at`, shifting the rest up; returns their values. */
function removeEntry(tiff: TiffView, at: number, tag: number): number[] {
  const values: number[] = [];
  let { count, end } = tiff.ifd(at);
  for (let entry = at + 2; entry < end;) {
    if (tiff.u16(entry) !== tag) {
      entry += ENTRY_SIZE;
      continue;
    }
    values.push(tiff.u32(entry + 8));
    // The entries after it and the next IFD's offset move up one place.
    tiff.bytes.copyWithin(entry, entry + ENTRY_SIZE, end + 4);
    tiff.zero(end + 4 - ENTRY_SIZE, ENTRY_SIZE);
    count -= 1;
    end -= ENTRY_SIZE;
    tiff.setU16(at, count);
  }
  return values;
}

/**
 * Removes the GPS position from `tiff` (an EXIF block from its byte-order mark
 * on), in place. A block too broken to walk is zeroed whole: readers then
 * find no EXIF at all, which loses the camera details but never leaks a place.
 */
export function stripGps(tiff: Buffer, { upright = false } = {}): void {
  try {
    const view = new TiffView(tiff);
    for (const ifd of view.mainIfds()) {
      for (const gps of removeEntry(view, ifd, GPS_POINTER)) zeroGpsIfd(view, gps);
    }
    if (upright) markUpright(view);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    tiff.fill(0);
  }
}

/** Orientation 1: for pixels already turned upright, which a viewer must not turn again. */
function markUpright(tiff: TiffView): void {
  const ifd0 = tiff.u32(4);
  const { end } = tiff.ifd(ifd0);
  for (let entry = ifd0 + 2; entry < end; entry += ENTRY_SIZE) {
    if (tiff.u16(entry) === ORIENTATION) tiff.setU16(entry + 8, 1);
  }
}

/**
 * Where XMP may say where a photo was taken, under any prefix (a packet may
 * bind any prefix to EXIF's or EXIF-extended's namespace, and drone makers
 * write `GpsLatitude`, `AbsoluteAltitude` … in their own): coordinates, and
 * IPTC's places (`Location` is a sublocation, an address; `LocationCreated`
 * and `LocationShown` may hold coordinates too). Coarse places (city, country)
 * stay: the owner chose to caption them.
 */
const LOCATION_NAME = String.raw`(?:[\w.-]+:)?(?:gps\w*|latitude|longitude|altitude|absolutealtitude|location|locationcreated|locationshown|sublocation)`;
const XMP_LOCATION = [
  // An attribute, its value in either kind of quotes.
  new RegExp(String.raw`\b${LOCATION_NAME}\s*=\s*(["'])[\s\S]*?\1`, "gi"),
  // An element and whatever it holds.
  new RegExp(String.raw`<(${LOCATION_NAME})\b[^>]*?(?<!/)>[\s\S]*?</\1\s*>`, "gi"),
  new RegExp(String.raw`<${LOCATION_NAME}\b[^>]*/>`, "gi"),
];

/** Each location attribute or element of an XMP packet becomes spaces of its length. */
export function stripXmpLocation(packet: Buffer): void {
  const text = packet.toString("latin1");
  let cleaned = text;
  for (const pattern of XMP_LOCATION) cleaned = cleaned.replace(pattern, (found) => " ".repeat(found.length));
  if (cleaned !== text) packet.write(cleaned, "latin1");
}
