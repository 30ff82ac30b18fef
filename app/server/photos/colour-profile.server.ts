/**
 * Which uploads keep a wide gamut. sharp converts every photo to sRGB by
 * default, which clips the colours a Display P3 (or Adobe RGB, Rec. 2020,
 * ProPhoto) photo has beyond it; those are kept in P3 instead, tagged with
 * sharp's compact P3 profile ("sP3C"). The test is the profile's primaries,
 * not its name: names vary by vendor, primaries do not.
 */

/** sRGB's red, green and blue primaries as an ICC profile stores them (XYZ, adapted to D50). */
const SRGB_PRIMARIES: Record<string, [number, number, number]> = {
  rXYZ: [0.4361, 0.2225, 0.0139],
  gXYZ: [0.3851, 0.7169, 0.0971],
  bXYZ: [0.1431, 0.0606, 0.7141],
};
/** Rounding in profiles written by different tools stays well below this. */
const TOLERANCE = 0.01;

interface Tag {
  offset: number;
  size: number;
}

function tags(icc: Buffer): Map<string, Tag> {
  const found = new Map<string, Tag>();
  if (icc.length < 132) return found;
  const count = Math.min(icc.readUInt32BE(128), 100);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (at + 12 > icc.length) break;
    const offset = icc.readUInt32BE(at + 4);
    const size = icc.readUInt32BE(at + 8);
    if (offset + size <= icc.length) found.set(icc.toString("latin1", at, at + 4), { offset, size });
  }
  return found;
}

function xyz(icc: Buffer, tag: Tag | undefined): [number, number, number] | undefined {
  if (!tag || tag.size < 20 || icc.toString("latin1", tag.offset, tag.offset + 4) !== "XYZ ") return undefined;
  const s15f16 = (i: number) => icc.readInt32BE(tag.offset + 8 + i * 4) / 65536;
  return [s15f16(0), s15f16(1), s15f16(2)];
}

/** True for an RGB profile whose primaries lie beyond sRGB's; false for sRGB, grey, CMYK, none or garbage. */
export function isWideGamut(icc: Buffer | undefined): boolean {
  if (!icc || icc.length < 132 || icc.toString("latin1", 16, 20) !== "RGB ") return false;
  const table = tags(icc);
  return Object.entries(SRGB_PRIMARIES).some(([name, srgb]) => {
    const primary = xyz(icc, table.get(name));
    return primary !== undefined && primary.some((value, i) => Math.abs(value - srgb[i]!) > TOLERANCE);
  });
}

/** The profile's description ("sRGB IEC61966-2.1", "Display P3", "sP3C"), from its v2 `desc` or v4 `mluc` tag. */
export function iccDescription(icc: Buffer | undefined): string | undefined {
  const tag = icc && tags(icc).get("desc");
  if (!icc || !tag) return undefined;
  const type = icc.toString("latin1", tag.offset, tag.offset + 4);
  if (type === "desc") {
    const length = icc.readUInt32BE(tag.offset + 8);
    return icc.toString("latin1", tag.offset + 12, tag.offset + 12 + length).replace(/\0+$/, "");
  }
  if (type === "mluc" && icc.readUInt32BE(tag.offset + 8) > 0) {
    const length = icc.readUInt32BE(tag.offset + 20);
    const start = tag.offset + icc.readUInt32BE(tag.offset + 24);
    return Buffer.from(icc.subarray(start, start + length))
      .swap16()
      .toString("utf16le");
  }
  return undefined;
}
