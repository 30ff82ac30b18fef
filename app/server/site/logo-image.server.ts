/**
 * The logo's pixels (record 089): a PNG by its content, at most 4000 px a
 * side, decoded once and written again by sharp, which writes no metadata
 * unless asked, so no byte stored or served carries a location. The cleaned
 * PNG, with an alpha channel, is the stored `original` (what watermarks draw);
 * visitors get lossless WebP variants, which keep the alpha.
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";
import { loadSharp } from "~/server/photos/sharp.server";
import { withProcessingSlot } from "~/server/photos/processing-queue.server";
import { ORIGINAL_FILE } from "~/server/storage/photo-store.server";

/** The form field the PNG comes in. */
export const LOGO_FIELD = "logo";
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
/** Plenty for a mark drawn 40 px tall on a page or across a proof. */
export const MAX_LOGO_SIDE = 4000;
/** From the header's 40 px tall mark at 1× up to a wide one on the Site page at 2×; the logo's own width caps them. */
const LOGO_WIDTHS: readonly number[] = [80, 160, 320, 640, 1280];
/** Lossless: a logo's flat colours and hard edges ring at lossy settings, and these files are small. */
const LOGO_WEBP = { lossless: true, effort: 4 } as const;

export interface LogoFiles {
  /** SHA-256 of the cleaned PNG, the stored `original`. */
  checksum: string;
  width: number;
  height: number;
  variantWidths: number[];
}

function refused(reason: string): HttpError {
  return new HttpError(400, `${LOGO_FIELD} must be a PNG image: ${reason}`, { field: LOGO_FIELD });
}

function logoWidths(width: number): number[] {
  const largest = LOGO_WIDTHS[LOGO_WIDTHS.length - 1]!;
  const widths = LOGO_WIDTHS.filter((w) => w < width);
  const top = Math.min(width, largest);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/** Checks the upload at `source` and writes the cleaned PNG and its variants into `outDir`. */
export async function makeLogoFiles(source: string, outDir: string): Promise<LogoFiles> {
  const sharp = await loadSharp();
  const metadata = await sharp(source, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refused("this file is not an image.");
    });
  if (metadata.format !== "png") throw refused(`this file is ${metadata.format?.toUpperCase() ?? "another kind"}.`);
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) {
    throw new HttpError(
      400,
      `${LOGO_FIELD} must be at most ${MAX_LOGO_SIDE} px a side: this one is ${width} × ${height} px.`,
      { field: LOGO_FIELD },
    );
  }
  return withProcessingSlot(async () => {
    let png: Buffer;
    try {
      png = await sharp(source, { failOn: "error" }).autoOrient().ensureAlpha().png().toBuffer();
    } catch {
      throw refused("this one could not be read.");
    }
    await fsp.writeFile(path.join(outDir, ORIGINAL_FILE), png);
    const variantWidths = logoWidths(width);
    const webp = { ...LOGO_WEBP, effort: config().imageEffort ?? LOGO_WEBP.effort };
    // Every encode ends before a failure is thrown (as image-processing.server.ts does): the caller removes the folder.
    const written = await Promise.allSettled(
      variantWidths.map((w) =>
        sharp(png)
          .resize({ width: w })
          .webp(webp)
          .toFile(path.join(outDir, `w${w}.webp`)),
      ),
    );
    const failed = written.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    return { checksum: crypto.createHash("sha256").update(png).digest("hex"), width, height, variantWidths };
  });
}
