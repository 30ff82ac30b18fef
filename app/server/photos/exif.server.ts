/**
 * Camera details and the date taken, read from an upload before its metadata
 * is dropped (variants carry none). GPS is never read.
 */
import { cleanLine } from "~/lib/clean-text";
import { cameraName, formatExposureTime, roundTo, type Exif } from "~/lib/exif";
import { loadSharp } from "./sharp.server";

export interface CameraDetails {
  cameraMake: string | null;
  cameraModel: string | null;
  lens: string | null;
  focalLength: number | null;
  aperture: number | null;
  /** Seconds. */
  exposureTime: number | null;
  iso: number | null;
  /** When the shutter fired, as an instant; with `takenOffset` the camera's wall clock. */
  takenAt: Date | null;
  /** Minutes east of UTC from OffsetTimeOriginal; null when the camera wrote none (the time is then taken as UTC). */
  takenOffset: number | null;
}

export const NO_CAMERA_DETAILS: CameraDetails = {
  cameraMake: null,
  cameraModel: null,
  lens: null,
  focalLength: null,
  aperture: null,
  exposureTime: null,
  iso: null,
  takenAt: null,
  takenOffset: null,
};

const FIELDS = [
  "Make",
  "Model",
  "LensModel",
  "FocalLength",
  "FNumber",
  "ExposureTime",
  "ISO",
  "DateTimeOriginal",
  "OffsetTimeOriginal",
];

/** Camera text is written by whatever made the file: cleaned like a name typed by the owner. */
const text = (value: unknown): string | null => (typeof value === "string" && cleanLine(value).slice(0, 200)) || null;
const positive = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

/** "+02:00" → 120; anything else → null. */
function offsetMinutes(value: unknown): number | null {
  const match = typeof value === "string" ? /^([+-])(\d{2}):(\d{2})$/.exec(value.trim()) : null;
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return minutes > 14 * 60 ? null : (match[1] === "-" ? -1 : 1) * minutes;
}

/** EXIF writes "2024:06:15 14:30:05"; without an offset the wall clock is taken as UTC. */
function takenInstant(value: unknown, offset: number | null): Date | null {
  const match = typeof value === "string" ? /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wallClock) || year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return new Date(wallClock - (offset ?? 0) * 60_000);
}

/** The "Exif\0\0" header sharp's block starts with. */
const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");

/** sharp's EXIF block as exifr reads it: the TIFF structure after the header. */
export function exifTiff(block: Buffer): Buffer {
  return block.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER) ? block.subarray(EXIF_HEADER.length) : block;
}

/**
 * The EXIF block as libvips found it, wherever the container keeps it: exifr
 * alone misses it in HEIF files whose `iloc` has a base offset (every file
 * libheif writes). TIFF keeps its tags in its own IFDs, which exifr reads from
 * the file itself.
 */
async function exifSource(file: string): Promise<Buffer | string> {
  const sharp = await loadSharp();
  const { exif } = await sharp(file).metadata();
  return exif ? exifTiff(exif) : file;
}

export async function readCameraDetails(file: string): Promise<CameraDetails> {
  // Loaded with the first photo to read, not at every start (record 097).
  const { default: exifr } = await import("exifr");
  let tags: Record<string, unknown> | undefined;
  try {
    // Raw values: exifr would turn the date into this server's local time.
    tags = await exifr.parse(await exifSource(file), {
      pick: FIELDS,
      gps: false,
      reviveValues: false,
      translateValues: false,
    });
  } catch {
    // Unreadable or no EXIF at all: the photo simply has no camera details.
  }
  if (!tags) return NO_CAMERA_DETAILS;
  const takenOffset = offsetMinutes(tags.OffsetTimeOriginal);
  const takenAt = takenInstant(tags.DateTimeOriginal, takenOffset);
  return {
    cameraMake: text(tags.Make),
    cameraModel: text(tags.Model),
    lens: text(tags.LensModel),
    focalLength: positive(tags.FocalLength),
    aperture: positive(tags.FNumber),
    exposureTime: positive(tags.ExposureTime),
    iso: positive(Array.isArray(tags.ISO) ? tags.ISO[0] : tags.ISO),
    takenAt,
    takenOffset: takenAt ? takenOffset : null,
  };
}

/** The API's `exif`: null when the upload carried none of the fields. */
export function exifJson(details: CameraDetails): Exif | null {
  const exif: Exif = {
    camera: cameraName(details.cameraMake, details.cameraModel),
    lens: details.lens,
    focalLength: roundTo(details.focalLength, 1),
    aperture: roundTo(details.aperture, 1),
    exposureTime: formatExposureTime(details.exposureTime),
    iso: details.iso === null ? null : Math.round(details.iso),
  };
  return Object.values(exif).some((value) => value !== null) ? exif : null;
}

/** The API's `taken_at`: the camera's wall clock with its offset, "2024-06-15T14:30:05+02:00" (Z without one). */
export function takenAtJson(takenAt: Date | null, offsetMinutes: number | null): string | null {
  if (!takenAt) return null;
  const offset = offsetMinutes ?? 0;
  const wallClock = new Date(takenAt.getTime() + offset * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === null) return `${wallClock}Z`;
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${wallClock}${sign}${hours}:${minutes}`;
}
