/**
 * The first start fills the project cards from the sample content
 * (app/content/sample-projects.ts) into the same store as the owner's
 * uploads, so a new site shows a complete sample. Its stills' variants are
 * shipped made (sample-media.server.ts): no image work at the first start.
 * Once only: a setting remembers it, so a site whose owner deleted every
 * card stays empty.
 */
import path from "node:path";
import { z } from "zod";
import { sampleProjects } from "~/content/sample-projects";
import { defineSetting } from "~/server/data/settings.server";
import { storeMadeProjectMedia, videoContainer } from "./project-media.server";
import { createProject, deleteProject, listProjectRows } from "./projects.server";
import { SAMPLE_MEDIA_DIR, sampleStill, sampleVariantsDir } from "./sample-media.server";

const sampleLoaded = defineSetting("projects.sampleLoaded", z.boolean(), false);

export async function loadSampleProjects(log: (line: string) => void): Promise<void> {
  if (sampleLoaded.read()) return;
  // Cards without the mark are what a start cut short while loading them: they are loaded again, whole.
  for (const { id } of listProjectRows({ includeHidden: true })) await deleteProject(id);
  const dir = path.resolve(SAMPLE_MEDIA_DIR);
  for (const { image, video, alt, ...fields } of sampleProjects) {
    const { id } = createProject({ ...fields, mediaAlt: alt });
    const variants = sampleVariantsDir(image);
    const file = video && path.join(dir, video);
    const container = file && (await videoContainer(file));
    if (file && !container) throw new Error(`${file} is not an MP4 or WebM video`);
    const made = file && container ? { file, container } : undefined;
    await storeMadeProjectMedia(id, variants, await sampleStill(variants), made);
  }
  sampleLoaded.write(true);
  log(`Added the ${sampleProjects.length} sample projects; edit them in the admin.`);
}
