import type { Image } from "~/lib/image";
import { errorMessage, type ErrorBody } from "./http.server";
import { createImage } from "./images.server";
import { discardUploads, parseUpload } from "./upload.server";
import { parseImageText } from "./validation.server";

type UploadResult =
  | { ok: true; filename: string; image: Image }
  | ({ ok: false; filename: string } & ErrorBody);

/**
 * The one upload path for the API and the dashboard form: streams the body to
 * temp files, then stores each file in turn. A blank name falls back to the
 * file name. Request-level problems (not multipart, too large) are thrown as
 * Responses; per-file problems come back as results.
 */
export async function uploadImages(request: Request, { maxFiles }: { maxFiles: number }): Promise<UploadResult[]> {
  const { fields, files } = await parseUpload(request, { maxFiles });
  const results: UploadResult[] = [];
  try {
    for (const file of files) {
      try {
        const text = parseImageText({ name: fields.name?.trim() || file.filename, description: fields.description ?? "" });
        results.push({ ok: true, filename: file.filename, image: await createImage(file, text) });
      } catch (error) {
        results.push({ ok: false, filename: file.filename, ...(await errorMessage(error)) });
      }
    }
  } finally {
    await discardUploads(files);
  }
  return results;
}
