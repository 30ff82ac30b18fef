import fsp from "node:fs/promises";
import path from "node:path";
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { isWideGamut } from "./colour-profile.server";
import { decodeHeic, HeicDecodeError } from "./heic.server";
import { loadSharp } from "./sharp.server";
import { withHeicDecoder, withProcessingSlot } from "./processing-queue.server";
import type { Focus } from "~/lib/album-card";
import { MAX_PIXELS } from "~/lib/limits";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";

/**
 * Variant widths; an image gets those below its own width plus its own width (capped at the largest).
 * 720 is the phone's: a 412 px screen at 1.75 device pixels draws the one-column gallery 665 px wide
 * (record 045).
 */
export const VARIANT_WIDTHS: readonly number[] = [320, 480, 640, 720, 800, 960, 1280, 1920, 2560];
/** AVIF is slow to encode, so only the small variants that make up most page weight get it. */
export const AVIF_MAX_WIDTH = 960;
/**
 * About 40 % smaller than quality 55 on camera photos, and alike at 100 %; effort 4 made
 * files no smaller, at several times the time (record 045).
 */
export const AVIF_OPTIONS = { quality: 45, effort: 3 } as const;
export const WEBP_OPTIONS = { quality: 78, effort: 3 } as const;

/** The encoders' options; the test suite lowers their effort (TEST_IMAGE_EFFORT) as it lowers bcrypt's cost. */
export function encoderOptions() {
  const effort = config().imageEffort;
  if (effort === undefined) return { avif: AVIF_OPTIONS, webp: WEBP_OPTIONS };
  return { avif: { ...AVIF_OPTIONS, effort }, webp: { ...WEBP_OPTIONS, effort } };
}
/**
 * Which widths and encodings a photo's variants were made with; stored on its
 * row, so `npm run variants:backfill` finds photos made before (record 045).
 */
export const VARIANT_SET = 2;
const PLACEHOLDER_WIDTH = 16;
/** The attention map is read at this size: the subject's place, not its detail, is wanted. */
const FOCUS_BOX = 128;

const ACCEPTED: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  tiff: "image/tiff",
};
export const ACCEPTED_TYPES_TEXT = "JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF";

interface ProcessedImage {
  mimeType: string;
  width: number;
  height: number;
  variantWidths: number[];
  avifWidths: number[];
  placeholder: string;
  focus: Focus;
}

function notAnImage(): HttpError {
  return new HttpError(415, `The file is not a supported image. Accepted types: ${ACCEPTED_TYPES_TEXT}.`);
}

function tooManyPixels(): HttpError {
  return new HttpError(
    413,
    `The image has too many pixels: at most ${MAX_PIXELS / 1_000_000} megapixels are accepted.`,
  );
}

export function variantWidthsFor(width: number): number[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const widths = VARIANT_WIDTHS.filter((w) => w < width);
  const top = Math.min(width, largest);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/** The content decides the type: returns the MIME type or throws a 415/413 HttpError. */
interface Inspected {
  mimeType: string;
  width: number;
  height: number;
  icc?: Buffer;
  /** HEIF with HEVC (iPhone HEIC): sharp reads its header, heic.server.ts decodes it. */
  hevc: boolean;
  /** The size the header gives, before any turn. */
  header: { width: number; height: number };
}

async function inspect(source: string): Promise<Inspected> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const hevc = metadata.format === "heif" && metadata.compression === "hevc";
  const format = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
  const mimeType = hevc ? "image/heic" : format === "avif" ? "image/avif" : ACCEPTED[format ?? ""];
  if (!mimeType || !metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > MAX_PIXELS) throw tooManyPixels();
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  // libvips reports an HEIF's primary image as libheif turns it: the size the decoder must give.
  return {
    mimeType,
    width,
    height,
    icc: metadata.icc,
    hevc,
    header: { width: metadata.width, height: metadata.height },
  };
}

/** Variants are made from one decoded master: raw sRGB pixels, or for a wide-gamut photo P3 pixels with their profile. */
interface Master {
  input: Buffer;
  options: SharpOptions;
  /** Keeps P3 pixels P3 (sharp would take untagged pixels for sRGB, or convert tagged ones to it). */
  keepProfile: boolean;
}

/** The upload as sharp reads it, upright: the file itself, or an HEIC's pixels decoded beside sharp. */
async function uprightSource(source: string, inspected: Inspected): Promise<Sharp> {
  const sharp = await loadSharp();
  if (!inspected.hevc) return sharp(source, { limitInputPixels: MAX_PIXELS, failOn: "error" }).autoOrient();
  const { data, width, height } = await decodeHeic(source, inspected.header);
  return sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PIXELS }).removeAlpha();
}

async function decodeMaster(
  source: string,
  inspected: Inspected,
  largest: number,
  height: number | undefined,
): Promise<Master> {
  try {
    // With a height the frame is cut from the middle (`cover`); both sides fit inside the picture, so nothing is enlarged.
    const pipeline = (await uprightSource(source, inspected)).resize({
      width: largest,
      height,
      fit: "cover",
      withoutEnlargement: true,
    });
    if (!inspected.hevc && isWideGamut(inspected.icc)) {
      // Raw pixels cannot carry a profile: an uncompressed TIFF holds the P3 pixels and says they are P3.
      const input = await pipeline.withIccProfile("p3").tiff({ compression: "none" }).toBuffer();
      return { input, options: {}, keepProfile: true };
    }
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    return {
      input: data,
      options: { raw: { width: info.width, height: info.height, channels: info.channels } },
      keepProfile: false,
    };
  } catch (error) {
    if (error instanceof HeicDecodeError && error.tooManyPixels) throw tooManyPixels();
    // Truncated or corrupt pixel data: the header looked fine, the content is not.
    throw notAnImage();
  }
}

/**
 * A fixed frame for an image that is not a gallery photo (a project card's
 * 16:9 still): cut to `aspect` (width / height), in the given widths (those
 * the frame's own width reaches), WebP only.
 */
export interface ImageFrame {
  aspect: number;
  widths: readonly number[];
}

/**
 * Decodes the upload once (rotated upright, metadata dropped: sharp writes none
 * unless asked, and only a wide-gamut photo's variants carry a profile, P3),
 * then writes every variant and the placeholder into `outDir`. The header is
 * read first; the work waits for its turn (processing-queue.server.ts).
 */
export async function processImage(source: string, outDir: string, frame?: ImageFrame): Promise<ProcessedImage> {
  const inspected = await inspect(source);
  const work = () => withProcessingSlot(() => makeVariants(source, inspected, outDir, frame));
  return inspected.hevc ? withHeicDecoder(work) : work();
}

/** The frame's size inside the picture, and its variant widths. */
function framed(inspected: Inspected, frame: ImageFrame) {
  const width = Math.max(1, Math.min(inspected.width, Math.floor(inspected.height * frame.aspect)));
  // As for photos: the widths below the frame's, and the frame's own (capped at the largest).
  const widths = frame.widths.filter((w) => w < width);
  const top = Math.min(width, Math.max(...frame.widths));
  if (!widths.includes(top)) widths.push(top);
  const largest = widths[widths.length - 1]!;
  return { widths, largest, height: Math.max(1, Math.floor(largest / frame.aspect)) };
}

async function makeVariants(
  source: string,
  inspected: Inspected,
  outDir: string,
  frame: ImageFrame | undefined,
): Promise<ProcessedImage> {
  const { mimeType } = inspected;
  const cut = frame && framed(inspected, frame);
  const variantWidths = cut?.widths ?? variantWidthsFor(inspected.width);
  const largest = variantWidths[variantWidths.length - 1]!;
  const width = cut ? largest : inspected.width;
  const height = cut ? cut.height : inspected.height;

  // An HEIC's decoded pixels come without its profile: they are taken as sRGB (see the README).
  const master = await decodeMaster(source, inspected, largest, cut?.height);
  const sharp = await loadSharp();
  const resized = (w: number) => sharp(master.input, master.options).resize({ width: w });
  const fromMaster = (w: number) => (master.keepProfile ? resized(w).keepIccProfile() : resized(w));

  const avifWidths = frame ? [] : variantWidths.filter((w) => w <= AVIF_MAX_WIDTH);
  const encoders = encoderOptions();
  // Every encode ends before a failure is thrown: the caller then removes the folder, and an encode still writing
  // into it (when the disk filled up under another) could put a file back, fail the removal with ENOTEMPTY, and turn
  // the 507 into a 500 that leaves the folder behind.
  const written = await Promise.allSettled([
    ...variantWidths.map((w) =>
      fromMaster(w)
        .webp(encoders.webp)
        .toFile(path.join(outDir, `w${w}.webp`)),
    ),
    ...avifWidths.map((w) =>
      fromMaster(w)
        .avif(encoders.avif)
        .toFile(path.join(outDir, `w${w}.avif`)),
    ),
  ]);
  const failed = written.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  // sRGB and untagged: a profile would outweigh the 16 px placeholder itself.
  const tiny = await resized(PLACEHOLDER_WIDTH).blur(1).webp({ quality: 40 }).toBuffer();
  return {
    mimeType,
    width,
    height,
    variantWidths,
    avifWidths,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
    focus: await findFocus(sharp(master.input, master.options), width / height),
  };
}

/**
 * sharp's attention strategy (libvips smartcrop: skin tones, saturation and
 * edges) on a small square crop; it reports the subject's centre in the image
 * as resized before the crop, which the fractions undo.
 */
async function findFocus(image: Sharp, aspect: number): Promise<Focus> {
  const sharp = await loadSharp();
  const { info } = await image
    .resize(FOCUS_BOX, FOCUS_BOX, { fit: "cover", position: sharp.strategy.attention })
    .toBuffer({ resolveWithObject: true });
  const scaledWidth = aspect >= 1 ? FOCUS_BOX * aspect : FOCUS_BOX;
  const scaledHeight = aspect >= 1 ? FOCUS_BOX : FOCUS_BOX / aspect;
  const fraction = (at: number | undefined, size: number) =>
    at === undefined ? 0.5 : Math.round(Math.min(1, Math.max(0, at / size)) * 1000) / 1000;
  return { x: fraction(info.attentionX, scaledWidth), y: fraction(info.attentionY, scaledHeight) };
}

export async function moveOriginal(source: string, outDir: string): Promise<void> {
  await fsp.rename(source, path.join(outDir, "original"));
}
