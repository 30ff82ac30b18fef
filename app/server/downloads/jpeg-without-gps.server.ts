/**
 * A JPEG's bytes as they stream from the store, with the location taken out
 * of its EXIF and XMP segments in place (photos/location-removal.server.ts): the same size,
 * the same pixels, profile and camera details. The images a JPEG carries
 * right after its own (MPF: a gain map, a depth map) are cleaned the same way.
 * Anything else after the end of the image is unknown, so it is zeroed: a
 * motion photo's video (Google, Samsung) holds the place it was filmed.
 */
import { Transform, type TransformCallback } from "node:stream";
import { stripGps, stripXmpLocation } from "~/server/photos/location-removal.server";

const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const XMP_HEADER = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");
/** A piece of a packet too large for one segment (Extended XMP): its header, the packet's GUID, length and offset. */
const EXTENDED_XMP_HEADER = Buffer.from("http://ns.adobe.com/xmp/extension/\0", "latin1");
const EXTENDED_XMP_OFFSET = EXTENDED_XMP_HEADER.length + 32 + 4;
const EXTENDED_XMP_DATA = EXTENDED_XMP_OFFSET + 4;
/** What the first piece says once blanked, so that readers find a valid, empty packet rather than a broken one. */
const EMPTY_XMP = Buffer.from(`<x:xmpmeta xmlns:x="adobe:ns:meta/"/>`, "latin1");
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
/** Markers that stand alone, without a length: SOI, EOI, TEM and the restarts. */
const STANDALONE = new Set([SOI, EOI, 0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);
const END_OF_IMAGE = Buffer.from([0xff, EOI]);
const EMBEDDED_IMAGE = Buffer.from([0xff, SOI, 0xff]);
/** Headers are a few hundred kilobytes at most (segments are 64 KB each); more is not a photo. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

type Mode = "header" | "scan" | "tail" | "trailer";

export class JpegWithoutGps extends Transform {
  private mode: Mode = "header";
  private pending: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    try {
      this.advance();
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.mode === "header" && this.pending.length) {
      done(new Error("The JPEG ends inside its header"));
      return;
    }
    // A byte or two after an image's end, too few to start another: trailing data.
    if (this.pending.length) this.push(this.mode === "tail" ? Buffer.alloc(this.pending.length) : this.pending);
    done();
  }

  /** Passes on what is decided, keeping back what the next chunk may still change. */
  private advance(): void {
    for (;;) {
      const used = this.step();
      if (used === 0) break;
      this.push(this.pending.subarray(0, used));
      this.pending = this.pending.subarray(used);
    }
    if (this.mode === "header" && this.pending.length > MAX_HEADER_BYTES)
      throw new Error("The JPEG's header is too large");
  }

  /** How many bytes at the start of `pending` are decided (and cleaned); 0 until the next chunk. */
  private step(): number {
    switch (this.mode) {
      case "header":
        return this.header();
      case "scan":
        return this.scan();
      case "tail":
        return this.tail();
      case "trailer":
        return this.trailer();
    }
  }

  /** One marker segment, cleaned if it carries EXIF or XMP; 0 until it is whole. */
  private header(): number {
    const bytes = this.pending;
    if (bytes.length < 2) return 0;
    if (bytes[0] !== 0xff) throw new Error("Not a JPEG marker");
    const marker = bytes[1]!;
    if (marker === 0xff) return 1; // fill byte
    if (STANDALONE.has(marker)) return 2;
    if (bytes.length < 4) return 0;
    const length = 2 + bytes.readUInt16BE(2);
    if (bytes.length < length) return 0;
    if (marker === APP1) {
      // A copy: the chunk belongs to whoever read it (a cache may hold it), so it is never written to.
      const segment = Buffer.from(bytes.subarray(0, length));
      cleanApp1(segment.subarray(4));
      this.pending = Buffer.concat([segment, bytes.subarray(length)]);
    }
    if (marker === SOS) this.mode = "scan";
    return length;
  }

  /** Entropy-coded data up to and including the end-of-image marker (0xFF is stuffed there, so FF D9 is the marker). */
  private scan(): number {
    const bytes = this.pending;
    const end = bytes.indexOf(END_OF_IMAGE);
    if (end >= 0) {
      this.mode = "tail";
      return end + 2;
    }
    // A trailing 0xFF may start the marker in the next chunk.
    return bytes.at(-1) === 0xff ? bytes.length - 1 : bytes.length;
  }

  /** After an image: the next embedded JPEG (FF D8 FF), read as a header again, or the trailer; 0 until known. */
  private tail(): number {
    const bytes = this.pending;
    if (bytes.length < EMBEDDED_IMAGE.length) return 0;
    if (bytes.subarray(0, EMBEDDED_IMAGE.length).equals(EMBEDDED_IMAGE)) {
      this.mode = "header";
      return 2;
    }
    this.mode = "trailer";
    return this.trailer();
  }

  /** Whatever follows the last image, as zeros. */
  private trailer(): number {
    this.pending = Buffer.alloc(this.pending.length);
    return this.pending.length;
  }
}

const startsWith = (payload: Buffer, header: Buffer) => payload.subarray(0, header.length).equals(header);

function cleanApp1(payload: Buffer): void {
  if (startsWith(payload, EXIF_HEADER)) stripGps(payload.subarray(EXIF_HEADER.length));
  else if (startsWith(payload, XMP_HEADER)) stripXmpLocation(payload.subarray(XMP_HEADER.length));
  // A property may be cut between two pieces, where no pattern finds it: the pieces (depth maps, edit
  // histories, never the camera details) become spaces.
  else if (startsWith(payload, EXTENDED_XMP_HEADER)) blankExtendedXmp(payload);
}

function blankExtendedXmp(payload: Buffer): void {
  if (payload.length < EXTENDED_XMP_DATA) return;
  const data = payload.subarray(EXTENDED_XMP_DATA).fill(0x20);
  if (payload.readUInt32BE(EXTENDED_XMP_OFFSET) === 0 && data.length >= EMPTY_XMP.length) EMPTY_XMP.copy(data);
}
