/**
 * Files that say where they were made in each of the layouts real devices write (issue 28), built byte by byte so
 * the tests need no tool. Each layout holds its own position, so a leak names its layout.
 */
import fs from "node:fs";
import { CAMERA_JPEG } from "./camera";

/** The position each layout holds, as the text a reader would find. */
export const POSITIONS = {
  xmpOtherPrefix: "51,30.04N",
  xmpExifEx: "48,51.50N",
  xmpDrone: "40.689247",
  xmpIptcPlace: "Rue de Rivoli 99",
  extendedXmp: "35,39.31N",
  trailerVideo: "+27.1751+078.0421/",
  mp4Xyz: "+37.8199-122.4783/",
  mp4Keys: "+43.0896-079.0849+099.000/",
  mp4Xmp: "13,24.75N",
  webmTag: "+64.1466-021.9426/",
} as const;

/** The JPEG layouts' positions (the rest are in videos). */
export const JPEG_POSITIONS = [
  POSITIONS.xmpOtherPrefix,
  POSITIONS.xmpExifEx,
  POSITIONS.xmpDrone,
  POSITIONS.xmpIptcPlace,
  POSITIONS.extendedXmp,
  POSITIONS.trailerVideo,
];

/** What the camera wrote that must stay. */
export const KEPT = ["X-T5", "XF23mmF1.4 R LM WR"];

const XMP_HEADER = "http://ns.adobe.com/xap/1.0/\0";
const EXTENDED_XMP_HEADER = "http://ns.adobe.com/xmp/extension/\0";

function app1(payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** An XMP packet binding its own prefixes: EXIF's namespace as `e:`, EXIF-extended, DJI's and IPTC's. */
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:e="http://ns.adobe.com/exif/1.0/" xmlns:exifEX="http://cipa.jp/exif/1.0/"
 xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
 xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/"
 e:GPSLatitude="${POSITIONS.xmpOtherPrefix}" drone-dji:GpsLatitude="+${POSITIONS.xmpDrone}"
 drone-dji:GpsLongtitude="-74.044502" drone-dji:AbsoluteAltitude="+93.50" tiff:Model="X-T5"
 xmpNote:HasExtendedXMP="0123456789ABCDEF0123456789ABCDEF">
<exifEX:GPSLatitude>${POSITIONS.xmpExifEx}</exifEX:GPSLatitude>
<Iptc4xmpCore:Location>${POSITIONS.xmpIptcPlace}</Iptc4xmpCore:Location>
</rdf:Description></rdf:RDF></x:xmpmeta>`;

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
};

/** Extended XMP in two pieces, the position cut between them, where no pattern over one piece finds it. */
function extendedXmp(): Buffer[] {
  const packet = Buffer.from(`<rdf:Description exif:GPSLatitude="${POSITIONS.extendedXmp}" GDepth:Data="AAAA"/>`);
  const cut = packet.indexOf(POSITIONS.extendedXmp) + 3;
  const guid = Buffer.from("0123456789ABCDEF".repeat(2));
  return [packet.subarray(0, cut), packet.subarray(cut)].map((piece, i) =>
    app1(
      Buffer.concat([
        Buffer.from(EXTENDED_XMP_HEADER, "latin1"),
        guid,
        u32(packet.length),
        u32(i === 0 ? 0 : cut),
        piece,
      ]),
    ),
  );
}

/** An ISO BMFF box. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
}

/** `©xyz` as Android and Apple write it in `udta`: a 16-bit length, a language, the ISO 6709 text. */
function xyz(position: string): Buffer {
  const text = Buffer.from(position, "latin1");
  const head = Buffer.alloc(4);
  head.writeUInt16BE(text.length, 0);
  head.writeUInt16BE(0x15c7, 2);
  return box("\xa9xyz", head, text);
}

/** `loci`'s longitude and latitude, 16.16 fixed point: numbers, not text. */
export function lociCoordinates(): Buffer {
  const fixed = Buffer.alloc(8);
  fixed.writeInt32BE(Math.round(-122.4783 * 65536), 0);
  fixed.writeInt32BE(Math.round(37.8199 * 65536), 4);
  return fixed;
}

/** 3GPP's `loci`: a name, a role, then longitude, latitude and altitude. */
function loci(): Buffer {
  const place = Buffer.from("Home\0", "latin1");
  return box(
    "loci",
    u32(0),
    Buffer.from([0x15, 0xc7]),
    place,
    Buffer.from([0]),
    lociCoordinates(),
    u32(0),
    Buffer.from("Earth\0\0"),
  );
}

/** QuickTime's metadata as an iPhone writes it: keys named in `keys`, values in `ilst` items numbered by key. */
function quickTimeMeta(): Buffer {
  const keys = ["com.apple.quicktime.make", "com.apple.quicktime.location.ISO6709"].map((key) =>
    Buffer.concat([u32(8 + key.length), Buffer.from("mdta"), Buffer.from(key, "latin1")]),
  );
  const item = (index: number, value: string) => {
    const data = box("data", u32(1), u32(0), Buffer.from(value, "latin1"));
    return Buffer.concat([u32(8 + data.length), u32(index), data]);
  };
  return box(
    "meta",
    box("hdlr", Buffer.alloc(8), Buffer.from("mdta"), Buffer.alloc(13)),
    box("keys", u32(0), u32(keys.length), ...keys),
    box("ilst", item(1, "Apple"), item(2, POSITIONS.mp4Keys)),
  );
}

const XMP_UUID = Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex");

/** A small MP4 with a position in every place phones and editors write one. */
export function mp4WithLocation(): Buffer {
  return Buffer.concat([
    box("ftyp", Buffer.from("isom"), u32(512), Buffer.from("isomiso2mp41")),
    box(
      "moov",
      box("mvhd", Buffer.alloc(100)),
      box("udta", xyz(POSITIONS.mp4Xyz), loci()),
      quickTimeMeta(),
      box("trak", box("tkhd", Buffer.alloc(84)), box("udta", xyz(POSITIONS.mp4Xyz))),
      box("uuid", XMP_UUID, Buffer.from(`<rdf:Description exif:GPSLatitude="${POSITIONS.mp4Xmp}"/>`)),
    ),
    box("mdat", Buffer.from("frames".repeat(50))),
  ]);
}

/** An EBML element: its ID's bytes, an eight-byte size, the data. */
function ebml(id: number[], ...data: Buffer[]): Buffer {
  const body = Buffer.concat(data);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, body]);
}

/** A WebM whose tags say where it was filmed, as ffmpeg writes a phone video's `location`. */
export function webmWithLocation(): Buffer {
  const simpleTag = (name: string, value: string) =>
    ebml([0x67, 0xc8], ebml([0x45, 0xa3], Buffer.from(name)), ebml([0x44, 0x87], Buffer.from(value)));
  return Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from("webm"))),
    ebml(
      [0x18, 0x53, 0x80, 0x67],
      ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.from("cluster data ".repeat(20))),
      ebml(
        [0x12, 0x54, 0xc3, 0x67],
        ebml([0x73, 0x73], simpleTag("ENCODER", "Lavf60"), simpleTag("LOCATION", POSITIONS.webmTag)),
      ),
    ),
  ]);
}

/**
 * The camera JPEG with every JPEG layout: XMP under other prefixes, a drone maker's and IPTC's place, Extended XMP
 * cut mid-value, and a motion photo's video after the end of the image.
 */
export function jpegWithEveryLayout(): Buffer {
  const camera = fs.readFileSync(CAMERA_JPEG);
  const afterExif = 4 + camera.readUInt16BE(4);
  return Buffer.concat([
    camera.subarray(0, afterExif),
    app1(Buffer.concat([Buffer.from(XMP_HEADER, "latin1"), Buffer.from(XMP)])),
    ...extendedXmp(),
    camera.subarray(afterExif),
    box("ftyp", Buffer.from("mp42"), u32(0)),
    box("moov", box("udta", xyz(POSITIONS.trailerVideo))),
  ]);
}

/** The packet a reader puts together from a JPEG's Extended XMP pieces. */
function extendedXmpPacket(jpeg: Buffer): Buffer {
  const pieces: Buffer[] = [];
  const header = Buffer.from(EXTENDED_XMP_HEADER, "latin1");
  for (let at = jpeg.indexOf(header); at >= 0; at = jpeg.indexOf(header, at + 1)) {
    const segmentEnd = at - 2 + jpeg.readUInt16BE(at - 2);
    pieces.push(jpeg.subarray(at + header.length + 32 + 8, segmentEnd));
  }
  return Buffer.concat(pieces);
}

/** The positions of POSITIONS found in `bytes`, and "loci" for its numbers: none in anything a visitor receives. */
export function positionsIn(bytes: Buffer): string[] {
  const extended = extendedXmpPacket(bytes);
  const found: string[] = Object.values(POSITIONS).filter(
    (position) => bytes.includes(position) || extended.includes(position),
  );
  if (bytes.includes(lociCoordinates())) found.push("loci");
  return found;
}
