import crypto from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";
import type { Image, ImagePage } from "~/lib/image";

/** A JPEG of the given size with a colour gradient, so every call with a new seed differs. */
export async function makeJpeg(width = 1200, height = 800, seed = 0): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width + seed * 37;
      pixels[i + 1] = (y * 255) / height + seed * 11;
      pixels[i + 2] = (seed * 53) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The same JPEG with a comment segment (COM) holding `tag` after its start marker: the same pixels in a file of other
 * bytes, which the server stores as another photo. Far cheaper than drawing a new large image.
 */
export function withComment(jpeg: Buffer, tag: string): Buffer {
  const text = Buffer.from(tag, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/**
 * The same JPEG grown to about `bytes` with comment segments (COM, up to 64 KB each) of random bytes after its start
 * marker: a file as large as a camera's with the pixels of a thumbnail, for a limit on bytes, not on pixels.
 */
export function paddedJpeg(jpeg: Buffer, bytes: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = bytes - jpeg.length; left > 4; left -= 65_537) {
    const text = crypto.randomBytes(Math.min(65_533, left - 4));
    const header = Buffer.alloc(4);
    header.writeUInt16BE(0xfffe, 0);
    header.writeUInt16BE(text.length + 2, 2);
    segments.push(header, text);
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** Camera noise compresses badly: big files and big variants from a small image. */
export function noisyJpeg(width: number, height: number, { sigma = 40, quality = 90 } = {}): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } },
  })
    .jpeg({ quality })
    .toBuffer();
}

/** A small JPEG whose EXIF says when it was taken ("2023:01:02 03:04:05"), as a camera writes it. */
export async function makeDatedJpeg(dateTimeOriginal: string, seed: number): Promise<Buffer> {
  return sharp(await makeJpeg(96, 64, seed))
    .withExif({ IFD2: { DateTimeOriginal: dateTimeOriginal } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A GPS position a logo's EXIF carries in, which nothing stored or served may keep. */
export const LOGO_GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "69/1 40/1 0/1",
  GPSLongitudeRef: "E",
  GPSLongitude: "18/1 55/1 0/1",
};

/** A wide logo on a transparent background (a mark and a bar, drawn without fonts), with EXIF naming a position. */
export function makeLogoPng(width = 600, height = 160): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 160">
    <circle cx="80" cy="80" r="64" fill="#2747c7"/><circle cx="80" cy="80" r="30" fill="none" stroke="#f2b705" stroke-width="14"/>
    <rect x="170" y="46" width="380" height="26" rx="13" fill="#2747c7"/><rect x="170" y="92" width="260" height="22" rx="11" fill="#f2b705"/>
  </svg>`;
  return sharp(Buffer.from(svg))
    .withExif({ IFD0: { Artist: "Maria Nilsson" }, IFD3: LOGO_GPS })
    .png()
    .toBuffer();
}

/** A few hundred bytes that declare a huge RGB image: a pixel flood. */
export function pixelFloodPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc((1 + width * 3) * 4))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Uploads one image through the API with a bearer token. */
export async function uploadImage(
  url: string,
  token: string,
  file: { data: Buffer; filename: string; type?: string },
  text: { name?: string; description?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.set("name", text.name ?? file.filename);
  form.set("description", text.description ?? "");
  form.set("image", new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/jpeg" }), file.filename);
  return fetch(`${url}/api/image`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
}

/** Every photo on the server, newest first, read page by page through the API with its cursor. */
export async function allImages(baseUrl: string): Promise<Image[]> {
  const images: Image[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const page = (await (await fetch(`${baseUrl}/api/image${query}`)).json()) as ImagePage;
    images.push(...page.images);
    cursor = page.nextCursor;
  } while (cursor);
  return images;
}
