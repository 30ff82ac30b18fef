/**
 * A project card's media: a still through the photo pipeline (16:9, WebP
 * variants, no metadata), or a short video with such a still as its poster.
 * Both go into the photo store under a new `project-` key; the row then
 * points at it in one write and the old key's files go. Any failure before
 * that write leaves the old media as they were.
 */
import { eq } from "drizzle-orm";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { MAX_PROJECT_VIDEO_MB } from "~/lib/projects";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { projects, type ProjectMedia } from "~/server/data/schema";
import { processImage, type ImageFrame } from "~/server/photos/image-processing.server";
import { discardUploads, parseUpload } from "~/server/photos/upload.server";
import { newStorageKey, PROJECT_KEY_PREFIX } from "~/server/storage/photo-store.server";
import { photoStore } from "~/server/storage/storage.server";
import { storeFolder } from "~/server/storage/store-folder.server";
import { findProjectRow } from "./projects.server";
import { copyVideoWithoutLocation } from "./video-location.server";

/** The card's frame; 480 and 960 cover its widths on phones and wide screens, 1440 sharp screens. */
export const PROJECT_FRAME: ImageFrame = { aspect: 16 / 9, widths: [480, 960, 1440] };
export const MAX_PROJECT_VIDEO_BYTES = MAX_PROJECT_VIDEO_MB * 1024 * 1024;

/** A file's field at fault, named in the message and in the answer's `field`. */
function refused(field: "image" | "video", status: number, message: string): HttpError {
  return new HttpError(status, `${field}: ${message}`, { field });
}

/** MP4 and WebM by their first bytes: an ISO BMFF `ftyp` box, or WebM's EBML header. */
export async function videoContainer(file: string): Promise<"mp4" | "webm" | undefined> {
  const handle = await fsp.open(file);
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    if (bytesRead >= 12 && head.toString("latin1", 4, 8) === "ftyp") return "mp4";
    if (bytesRead >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "webm";
    return undefined;
  } finally {
    await handle.close();
  }
}

export interface MediaFiles {
  /** The still: the image itself, or the video's poster; none keeps the card's current still as the video's poster. */
  image?: string | undefined;
  video?: string | undefined;
}

/** The card's current still, copied from the store into `dir`: a new video's poster when none is given. */
async function copyCurrentStill(media: ProjectMedia, dir: string): Promise<ImageSize> {
  for (const width of media.widths) {
    const file = `w${width}.webp`;
    const stored = await photoStore().get(media.key, file);
    if (!stored) throw refused("image", 409, "the card's current still is missing: choose a poster image.");
    await pipeline(stored.stream(), fs.createWriteStream(path.join(dir, file)));
  }
  return { width: media.width, height: media.height, variantWidths: media.widths };
}

type ImageSize = { width: number; height: number; variantWidths: number[] };

/** Checks and stores the files, then points the project at them; the files are the caller's to remove. */
export async function storeProjectMedia(id: number, files: MediaFiles): Promise<ProjectMedia> {
  const current = findProjectRow(id).media;
  if (!files.image && !(files.video && current)) {
    throw files.video
      ? refused("image", 400, "a video needs a poster image (16:9 works best).")
      : refused("image", 400, "choose an image, or a video with its poster image.");
  }
  const container = files.video ? await videoContainer(files.video) : undefined;
  if (files.video && !container) throw refused("video", 415, "the file is not an MP4 or WebM video.");
  return storeMedia(id, async (prepared) => {
    const still: ImageSize = files.image
      ? await processImage(files.image, prepared, PROJECT_FRAME).catch((error: unknown) => {
          if (error instanceof HttpError) throw refused("image", error.status, error.message);
          throw error;
        })
      : await copyCurrentStill(current!, prepared);
    if (files.video && container) {
      await copyVideoWithoutLocation(files.video, path.join(prepared, `video.${container}`), container);
    }
    return {
      kind: container ? "video" : "image",
      width: still.width,
      height: still.height,
      widths: still.variantWidths,
      ...(container ? { video: container } : {}),
    };
  });
}

/**
 * Stores a still's variants made beforehand by the same pipeline (the sample
 * cards, sample-media.server.ts) as they are, with a video the caller checked.
 */
export async function storeMadeProjectMedia(
  id: number,
  variantsDir: string,
  still: Pick<ProjectMedia, "width" | "height" | "widths">,
  video?: { file: string; container: "mp4" | "webm" },
): Promise<ProjectMedia> {
  findProjectRow(id);
  return storeMedia(id, async (prepared) => {
    await fsp.cp(variantsDir, prepared, { recursive: true });
    if (video) await fsp.copyFile(video.file, path.join(prepared, `video.${video.container}`));
    const { width, height, widths } = still;
    return { kind: video ? "video" : "image", width, height, widths, ...(video ? { video: video.container } : {}) };
  });
}

/**
 * Puts what `prepare` writes into a new `project-` key of the store, then
 * points the project at it in one write; the old key's files go after.
 */
async function storeMedia(
  id: number,
  prepare: (dir: string) => Promise<Omit<ProjectMedia, "key">>,
): Promise<ProjectMedia> {
  const key = `${PROJECT_KEY_PREFIX}${newStorageKey()}`;
  return storeFolder(key, async (dir) => {
    const media: ProjectMedia = { key, ...(await prepare(dir)) };
    return () => {
      const row = findProjectRow(id);
      db().update(projects).set({ media, updatedAt: new Date() }).where(eq(projects.id, id)).run();
      return { value: media, replacedKey: row.media?.key };
    };
  });
}

/**
 * The media form or `POST /api/project/{id}/media`: multipart with `image`
 * (the still or the poster) and optionally `video`, or a `video` alone when
 * the card has a still to keep as its poster, each at most 50 MB,
 * streamed to temp files and removed whatever happens.
 */
export async function uploadProjectMedia(id: number, request: Request): Promise<ProjectMedia> {
  findProjectRow(id);
  const { files } = await parseUpload(request, {
    maxFiles: 2,
    fileFields: ["image", "video"],
    maxBytes: MAX_PROJECT_VIDEO_BYTES,
  }).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 413) throw refused("video", 413, error.message);
    throw error;
  });
  try {
    const image = files.find((file) => file.field === "image" && file.size > 0);
    const video = files.find((file) => file.field === "video" && file.size > 0);
    return await storeProjectMedia(id, { image: image?.path, video: video?.path });
  } finally {
    await discardUploads(files);
  }
}
