/**
 * Draws a link's watermark on a photo's variant (record 088): the owner's
 * text in white over a soft dark shadow, so it reads on light and dark
 * photos alike, or their logo as uploaded; at a corner, the centre, or tiled
 * across the photo, at the link's size and opacity. The result is a WebP
 * made like the photo's own variants, with no metadata.
 */
import type { Sharp } from "sharp";
import type { Watermark } from "~/lib/watermark";
import { encoderOptions } from "~/server/photos/image-processing.server";
import { loadSharp } from "~/server/photos/sharp.server";

/** A mark's distance from the photo's edges, as a share of its shorter side. */
const MARGIN = 0.04;
/** The gap between tiles, as a share of a tile's own size. */
const TILE_GAP = 0.6;

/**
 * Encoding is nearly all of a drawing's time, and a client waits for it: effort 2 encodes a 2560 px photo about three
 * times faster than the variants' 3, for files about 5 % larger (measured on a camera-like photo).
 */
function proofWebp() {
  const { webp } = encoderOptions();
  return { ...webp, effort: Math.min(webp.effort, 2) };
}

function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function pixels(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The text in white at `width` pixels wide (and no taller than `maxHeight`), over its blurred dark shadow. */
async function textMark(text: string, width: number, maxHeight: number): Promise<Pixels> {
  const sharp = await loadSharp();
  const drawn = await sharp({
    text: { text: `<span foreground="white">${escapeMarkup(text)}</span>`, font: "sans bold 64", rgba: true },
  })
    .png()
    .toBuffer();
  const white = await pixels(sharp(drawn).resize({ width, height: maxHeight, fit: "inside" }));
  const blur = Math.max(1, Math.round(white.height / 14));
  const shadow = await sharp(white.data)
    .extend({ top: blur * 2, bottom: blur * 2, left: blur * 2, right: blur * 2, background: "#0000" })
    .linear([0, 0, 0, 0.55], [0, 0, 0, 0])
    .blur(blur)
    .png()
    .toBuffer();
  return pixels(sharp(shadow).composite([{ input: white.data, left: blur * 2, top: blur * 2 }]));
}

async function logoMark(logo: Buffer, width: number, maxHeight: number): Promise<Pixels> {
  const sharp = await loadSharp();
  return pixels(sharp(logo).ensureAlpha().resize({ width, height: maxHeight, fit: "inside" }));
}

/** Where a single mark goes: its top left corner. */
function placed(position: Watermark["position"], photo: Pixels, mark: Pixels): { left: number; top: number } {
  const margin = Math.round(Math.min(photo.width, photo.height) * MARGIN);
  const right = Math.max(0, photo.width - mark.width - margin);
  const bottom = Math.max(0, photo.height - mark.height - margin);
  const centre = {
    left: Math.round((photo.width - mark.width) / 2),
    top: Math.round((photo.height - mark.height) / 2),
  };
  switch (position) {
    case "top-left":
      return { left: margin, top: margin };
    case "top-right":
      return { left: right, top: margin };
    case "bottom-left":
      return { left: margin, top: bottom };
    case "bottom-right":
      return { left: right, top: bottom };
    default:
      return { left: Math.max(0, centre.left), top: Math.max(0, centre.top) };
  }
}

/** `variant` (a photo's WebP) with `watermark` drawn on it; `logo` is the owner's PNG, needed for a logo mark. */
export async function drawWatermark(variant: Buffer, watermark: Watermark, logo: Buffer | null): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width = 1, height = 1 } = await sharp(variant).metadata();
  const photo = { data: variant, width, height };
  const markWidth = Math.max(8, Math.round((width * watermark.size) / 100));
  const maxHeight = Math.max(8, Math.round(height * 0.9));
  if (watermark.kind === "logo" && !logo) throw new Error("A logo mark needs the site's logo");
  const drawn =
    watermark.kind === "logo"
      ? await logoMark(logo!, markWidth, maxHeight)
      : await textMark(watermark.text, markWidth, maxHeight);
  const faded = await pixels(sharp(drawn.data).linear([1, 1, 1, watermark.opacity / 100], [0, 0, 0, 0]));
  const mark = { ...faded };
  if (watermark.position === "tiled") {
    const gapX = Math.round(mark.width * TILE_GAP);
    const gapY = Math.round(mark.height * TILE_GAP * 5);
    // Half the gap on every side: the first column and row start inside the photo, not cut at its edge.
    const [left, top] = [Math.floor(gapX / 2), Math.floor(gapY / 2)];
    const around = { left, right: gapX - left, top, bottom: gapY - top, background: "#0000" };
    const tile = await sharp(mark.data).extend(around).png().toBuffer();
    return sharp(variant)
      .composite([{ input: tile, tile: true, gravity: "northwest" }])
      .webp(proofWebp())
      .toBuffer();
  }
  return sharp(variant)
    .composite([{ input: mark.data, ...placed(watermark.position, photo, mark) }])
    .webp(proofWebp())
    .toBuffer();
}
