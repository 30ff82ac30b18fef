/**
 * The owner's optional portrait on the home page: made by the photo pipeline
 * (variants without metadata, so no GPS; the private original kept as a
 * photo's is) and kept in the photo store under a key of its own. It is not a
 * gallery photo: it has no row in `images` and shows nowhere else.
 */
import { z } from "zod";
import { HttpError } from "~/server/core/http-error.server";
import { moveOriginal, processImage } from "~/server/photos/image-processing.server";
import { publicMediaUrl } from "~/server/photos/image-json.server";
import { discardUploads, parseUpload } from "~/server/photos/upload.server";
import { defineSetting } from "~/server/data/settings.server";
import { storedFilesSchema } from "./site-schemas.server";
import { removeSiteFiles, storeSiteFiles } from "./site-media.server";

export const PORTRAIT_FIELD = "portrait";

const portraitSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("none") }),
  z.object({
    state: z.literal("stored"),
    stored: storedFilesSchema,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    variantWidths: z.array(z.number().int().positive()).min(1),
    avifWidths: z.array(z.number().int().positive()),
    placeholder: z.string(),
  }),
]);
const portraitSetting = defineSetting("site.portrait", portraitSchema, { state: "none" });

/** What the profile header draws. */
export interface Portrait {
  url: string;
  srcset: string;
  avifSrcset: string;
  width: number;
  height: number;
  placeholder: string;
}

export function readPortrait(): Portrait | null {
  const portrait = portraitSetting.read();
  if (portrait.state === "none") return null;
  const { key } = portrait.stored;
  const srcset = (format: "webp" | "avif", widths: number[]) =>
    widths.map((w) => `${publicMediaUrl(key, `w${w}.${format}`)} ${w}w`).join(", ");
  return {
    url: publicMediaUrl(key, `w${portrait.variantWidths[portrait.variantWidths.length - 1]!}.webp`),
    srcset: srcset("webp", portrait.variantWidths),
    avifSrcset: srcset("avif", portrait.avifWidths),
    width: portrait.width,
    height: portrait.height,
    placeholder: portrait.placeholder,
  };
}

/** Streams the upload, makes its variants and replaces the portrait; a refusal leaves the old one. */
export async function uploadPortrait(request: Request): Promise<void> {
  const { files } = await parseUpload(request, { fileFields: [PORTRAIT_FIELD] });
  const [file] = files;
  try {
    if (!file || file.size === 0) throw new HttpError(400, `${PORTRAIT_FIELD} must be an image: none was sent.`);
    await storeSiteFiles(
      portraitSetting,
      async (dir) => {
        const processed = await processImage(file.path, dir).catch((error: unknown) => {
          if (error instanceof HttpError) throw new HttpError(error.status, `${PORTRAIT_FIELD}: ${error.message}`);
          throw error;
        });
        await moveOriginal(file.path, dir);
        return { checksum: file.checksum, details: processed };
      },
      (stored, processed) => ({
        state: "stored",
        stored,
        width: processed.width,
        height: processed.height,
        variantWidths: processed.variantWidths,
        avifWidths: processed.avifWidths,
        placeholder: processed.placeholder,
      }),
    );
  } finally {
    await discardUploads(files);
  }
}

export async function removePortrait(): Promise<void> {
  await removeSiteFiles(portraitSetting);
}
