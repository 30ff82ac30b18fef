import { nameFromFile, type Image } from "~/lib/image";
import { assertAlbumsExist } from "~/server/albums/memberships.server";
import type { HiddenBy } from "~/lib/album-privacy";
import { HttpError } from "~/server/core/http-error.server";
import { createImage } from "./image-store.server";
import { discardUploads, parseUpload } from "./upload.server";
import { cleanLine } from "~/lib/clean-text";
import { parseAlbumIds, parseJoinAt } from "~/server/albums/album-input.server";
import { parseImageText, parsePhotoVisibility } from "./image-input.server";

export type UploadResult =
  | { ok: true; filename: string; image: Image; hiddenBy: HiddenBy | null }
  | { ok: false; filename: string; error: HttpError };

/**
 * The one upload path for the API and the dashboard form: streams the body to
 * temp files, then stores each file in turn. A blank name or description is
 * the file's own (its title and caption), else the name is the file name without its extension, as the dashboard's
 * script prefills it; `albumId` puts every file in that album, at `albumPosition`
 * (start or end; the album's own setting when left out); `visibility` is
 * the photos': left out, public, and hidden by an unlisted or private album
 * (album-privacy.server.ts); chosen, as chosen. Request-level problems (not
 * multipart, too large) are thrown as HttpErrors; per-file problems come back as results.
 */
export async function uploadImages(request: Request, { maxFiles }: { maxFiles: number }): Promise<UploadResult[]> {
  const { fields, files } = await parseUpload(request, { maxFiles });
  const results: UploadResult[] = [];
  try {
    // One album for the whole batch, checked before any file is stored.
    const albumIds = fields.albumId ? parseAlbumIds([fields.albumId]) : [];
    assertAlbumsExist(albumIds);
    const chosen = parsePhotoVisibility(fields.visibility);
    // A visibility the owner chose is kept, "public" in a private album too.
    const join = { joinAt: parseJoinAt(fields.albumPosition), keepPublic: chosen !== undefined };
    for (const file of files) {
      try {
        // A name of only spaces or control characters is blank.
        const typedName = cleanLine(fields.name ?? "");
        const text = parseImageText({
          name: typedName || nameFromFile(file.filename),
          description: fields.description ?? "",
        });
        // Left blank, the file's own title and caption fill them (createImage).
        const photo = {
          name: typedName ? text.name : null,
          description: text.description || null,
          visibility: chosen ?? "public",
        };
        results.push({ ok: true, filename: file.filename, ...(await createImage(file, photo, albumIds, join)) });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results.push({ ok: false, filename: file.filename, error });
      }
    }
  } finally {
    await discardUploads(files);
  }
  return results;
}
