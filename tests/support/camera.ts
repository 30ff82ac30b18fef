import fs from "node:fs";
import path from "node:path";
import type { Exif } from "~/lib/exif";

/** A JPEG carrying camera fields, a date taken at +02:00 and a GPS position (made once with exiftool). */
export const CAMERA_JPEG = path.resolve(import.meta.dirname, "../fixtures/camera.jpg");

/**
 * The camera JPEG with a comment segment naming `tag`: the same photo and EXIF in other bytes, so two tests on one
 * server can each upload it without the second being refused as a duplicate.
 */
export function cameraJpeg(tag: string): Buffer {
  const original = fs.readFileSync(CAMERA_JPEG);
  const text = Buffer.from(tag, "utf8");
  const comment = Buffer.alloc(4);
  comment.writeUInt16BE(0xfffe, 0);
  comment.writeUInt16BE(text.length + 2, 2);
  // After the start-of-image marker and the EXIF segment, which readers expect first.
  const afterExif = 4 + original.readUInt16BE(4);
  return Buffer.concat([original.subarray(0, afterExif), comment, text, original.subarray(afterExif)]);
}

/** The same EXIF, GPS included, in an HEIC written by libheif (vips), whose `iloc` has a base offset (tests/fixtures/README.md). */
export const CAMERA_HEIC = path.resolve(import.meta.dirname, "../fixtures/camera.heic");

/** Its `exif` as the API gives it. */
export const CAMERA_EXIF: Exif = {
  camera: "FUJIFILM X-T5",
  lens: "XF23mmF1.4 R LM WR",
  focalLength: 23,
  aperture: 2.8,
  exposureTime: "1/250",
  iso: 200,
};

/** Its camera line in the viewer. */
export const CAMERA_LINE = "FUJIFILM X-T5 · XF23mmF1.4 R LM WR · 23 mm · ƒ/2.8 · 1/250 s · ISO 200";
