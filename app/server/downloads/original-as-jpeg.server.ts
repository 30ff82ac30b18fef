/**
 * An original that is not a JPEG (HEIC, PNG, WebP, AVIF, TIFF, GIF) as a
 * full-size JPEG at quality 95 without chroma subsampling, upright, with its
 * colour profile and its EXIF less GPS (docs/decisions/041-originals-without-gps.md):
 * no other format carries camera details everywhere a client opens it, and
 * stripping GPS inside each container is a tool per format. Runs in a child
 * process of its own (conversion-child.ts), which the server can stop.
 */
import { decodeHeic } from "~/server/photos/heic.server";
import { stripGps } from "~/server/photos/location-removal.server";
import { loadSharp } from "~/server/photos/sharp.server";

const QUALITY = 95;
const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const ICC_HEADER = Buffer.from("ICC_PROFILE\0", "latin1");
/** A segment holds 65,535 bytes with its length; the ICC header and its two numbers take 16. */
const ICC_CHUNK = 65_535 - 2 - ICC_HEADER.length - 2;

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** The profile as APP2 segments, split as the ICC specification says. */
function iccSegments(icc: Buffer): Buffer[] {
  const count = Math.ceil(icc.length / ICC_CHUNK);
  return Array.from({ length: count }, (_, i) =>
    segment(
      0xe2,
      Buffer.concat([ICC_HEADER, Buffer.from([i + 1, count]), icc.subarray(i * ICC_CHUNK, (i + 1) * ICC_CHUNK)]),
    ),
  );
}

/** `jpeg` (no metadata of its own but perhaps a profile) with `segments` right after its start (and JFIF). */
function withSegments(jpeg: Buffer, segments: Buffer[]): Buffer {
  const jfif = jpeg[3] === 0xe0 ? 2 + jpeg.readUInt16BE(4) : 0;
  const at = 2 + jfif;
  return Buffer.concat([jpeg.subarray(0, at), ...segments, jpeg.subarray(at)]);
}

/** The EXIF block without GPS and marked upright (the pixels are turned), as an APP1 segment. */
function exifSegment(exif: Buffer | undefined): Buffer[] {
  if (!exif || exif.length + 2 > 65_535) return [];
  const block = Buffer.from(
    exif.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER) ? exif : Buffer.concat([EXIF_HEADER, exif]),
  );
  stripGps(block.subarray(EXIF_HEADER.length), { upright: true });
  return [segment(0xe1, block)];
}

/** The image in `file`, of type `mimeType`, as that JPEG. */
export async function originalAsJpeg(file: string, mimeType: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const metadata = await sharp(file, { limitInputPixels: false }).metadata();
  const jpeg = { quality: QUALITY, chromaSubsampling: "4:4:4" } as const;
  if (mimeType !== "image/heic") {
    const encoded = await sharp(file, { limitInputPixels: false }).autoOrient().keepIccProfile().jpeg(jpeg).toBuffer();
    return withSegments(encoded, exifSegment(metadata.exif));
  }
  // libheif gives the pixels as the file's profile describes them: that profile goes with them unchanged.
  const pixels = await decodeHeic(file, { width: metadata.width!, height: metadata.height! });
  const encoded = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .removeAlpha()
    .jpeg(jpeg)
    .toBuffer();
  return withSegments(encoded, [...exifSegment(metadata.exif), ...(metadata.icc ? iccSegments(metadata.icc) : [])]);
}
