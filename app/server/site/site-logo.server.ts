/**
 * The owner's optional logo (record 089): a PNG shown in place of their name
 * in a share link's client view, and drawn on watermarked proofs. Kept in the
 * photo store under a key of its own like the portrait, named in the setting
 * `site.logo`; only its WebP variants are served (logo-image.server.ts).
 */
import { buffer } from "node:stream/consumers";
import { z } from "zod";
import type { Logo } from "~/lib/logo";
import { HttpError } from "~/server/core/http-error.server";
import { defineSetting } from "~/server/data/settings.server";
import { publicMediaUrl } from "~/server/photos/image-json.server";
import { discardUploads, parseUpload } from "~/server/photos/upload.server";
import { ORIGINAL_FILE } from "~/server/storage/photo-store.server";
import { photoStore, storageUnavailable } from "~/server/storage/storage.server";
import { LOGO_FIELD, MAX_LOGO_BYTES, makeLogoFiles } from "./logo-image.server";
import { storedFilesSchema } from "./site-schemas.server";
import { removeSiteFiles, storeSiteFiles } from "./site-media.server";

const logoSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("none") }),
  z.object({
    state: z.literal("stored"),
    stored: storedFilesSchema,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    variantWidths: z.array(z.number().int().positive()).min(1),
  }),
]);
const logoSetting = defineSetting("site.logo", logoSchema, { state: "none" });

export function readLogo(): Logo | null {
  const logo = logoSetting.read();
  if (logo.state === "none") return null;
  const { key } = logo.stored;
  const url = (w: number) => publicMediaUrl(key, `w${w}.webp`);
  return {
    url: url(logo.variantWidths[logo.variantWidths.length - 1]!),
    srcset: logo.variantWidths.map((w) => `${url(w)} ${w}w`).join(", "),
    width: logo.width,
    height: logo.height,
  };
}

/** The last logo read for marks: every proof draws the same one, and a new logo comes under a new key. */
let kept: { key: string; png: Buffer } | undefined;

/** The logo's pixels for drawing on photos: its PNG bytes (alpha kept, no metadata) and the storage key they live under; null without a logo. */
export async function logoForMarks(): Promise<{ key: string; png: Buffer; width: number; height: number } | null> {
  const logo = logoSetting.read();
  if (logo.state === "none") return null;
  const { key } = logo.stored;
  if (kept?.key !== key) {
    let file;
    try {
      file = await photoStore().get(key, ORIGINAL_FILE);
    } catch {
      throw storageUnavailable();
    }
    // Removed between the read and the get: no logo.
    if (!file) return null;
    kept = { key, png: await buffer(file.stream()) };
  }
  return { key, png: kept.png, width: logo.width, height: logo.height };
}

/** Streams the upload (at most 5 MB), cleans it and replaces the logo; any refusal leaves the old one. */
export async function uploadLogo(request: Request): Promise<void> {
  const { files } = await parseUpload(request, { fileFields: [LOGO_FIELD], maxBytes: MAX_LOGO_BYTES }).catch(
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 413) {
        throw new HttpError(413, `${LOGO_FIELD} must be at most ${MAX_LOGO_BYTES / 1024 / 1024} MB.`, {
          field: LOGO_FIELD,
        });
      }
      throw error;
    },
  );
  const [file] = files;
  try {
    if (!file || file.size === 0) {
      throw new HttpError(400, `${LOGO_FIELD} must be a PNG image: none was sent.`, { field: LOGO_FIELD });
    }
    await storeSiteFiles(
      logoSetting,
      async (dir) => {
        const made = await makeLogoFiles(file.path, dir);
        return { checksum: made.checksum, details: made };
      },
      (stored, made) => ({
        state: "stored",
        stored,
        width: made.width,
        height: made.height,
        variantWidths: made.variantWidths,
      }),
    );
  } finally {
    await discardUploads(files);
  }
}

export async function removeLogo(): Promise<void> {
  await removeSiteFiles(logoSetting);
}
