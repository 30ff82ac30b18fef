/**
 * Project videos stored before uploads lost their location (video-location.server.ts)
 * may still say where they were filmed. At the first start that knows, each
 * such video is stored again without it, under a new key (the old address was
 * cached as immutable), and a setting records that it was done.
 */
import { z } from "zod";
import fsp from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { db } from "~/server/data/db.server";
import { projects, type ProjectMedia } from "~/server/data/schema";
import { defineSetting } from "~/server/data/settings.server";
import { ensureTmpDir, photoStore, tmpPath } from "~/server/storage/storage.server";
import { storeMadeProjectMedia } from "./project-media.server";
import { stripVideoLocation } from "./video-location.server";

const cleaned = defineSetting("maintenance.projectVideosWithoutLocation", z.boolean(), false);

/** The stored video's bytes without its location, or undefined when it had none (or is gone). */
async function cleanedVideo(media: ProjectMedia & { video: "mp4" | "webm" }): Promise<Buffer | undefined> {
  const stored = await photoStore().get(media.key, `video.${media.video}`);
  if (!stored) return undefined;
  const bytes = await buffer(stored.stream());
  const before = Buffer.from(bytes);
  stripVideoLocation(bytes, media.video);
  return bytes.equals(before) ? undefined : bytes;
}

/** Stores the still's files as they are and `video` under a new key, and points the project at it. */
async function storeAgain(id: number, media: ProjectMedia & { video: "mp4" | "webm" }, video: Buffer): Promise<void> {
  ensureTmpDir();
  const work = tmpPath(".project-video");
  const still = path.join(work, "still");
  await fsp.mkdir(still, { recursive: true });
  try {
    for (const file of await photoStore().files(media.key)) {
      if (file.startsWith("video.")) continue;
      const stored = await photoStore().get(media.key, file);
      if (stored) await fsp.writeFile(path.join(still, file), await buffer(stored.stream()));
    }
    const videoFile = path.join(work, `video.${media.video}`);
    await fsp.writeFile(videoFile, video);
    await storeMadeProjectMedia(id, still, media, { file: videoFile, container: media.video });
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

export async function removeStoredVideoLocations(log: (line: string) => void): Promise<void> {
  if (cleaned.read()) return;
  for (const project of db().select().from(projects).all()) {
    const media = project.media;
    if (media?.kind !== "video" || !media.video) continue;
    const video = await cleanedVideo({ ...media, video: media.video });
    if (!video) continue;
    await storeAgain(project.id, { ...media, video: media.video }, video);
    log(`Took out where the video of the project "${project.name}" was filmed.`);
  }
  cleaned.write(true);
}
