/**
 * The first start fills the project cards from the sample content
 * (app/content/sample-projects.ts), its media through the same pipeline and
 * store as the owner's uploads, so a new site shows a complete sample. Once
 * only: a setting remembers it, so a site whose owner deleted every card
 * stays empty.
 */
import path from "node:path";
import { z } from "zod";
import { sampleProjects } from "~/content/sample-projects";
import { defineSetting } from "~/server/site/site-settings.server";
import { storeProjectMedia } from "./project-media.server";
import { createProject, deleteProject, listProjectRows } from "./projects.server";

const SAMPLE_MEDIA_DIR = "app/content/sample-projects";

const sampleLoaded = defineSetting("projects.sampleLoaded", z.boolean(), false);

export async function loadSampleProjects(log: (line: string) => void): Promise<void> {
  if (sampleLoaded.read()) return;
  // Cards without the mark are what a start cut short while loading them: they are loaded again, whole.
  for (const { id } of listProjectRows({ includeHidden: true })) await deleteProject(id);
  const dir = path.resolve(SAMPLE_MEDIA_DIR);
  for (const { image, video, alt, ...fields } of sampleProjects) {
    const { id } = createProject({ ...fields, mediaAlt: alt });
    await storeProjectMedia(id, {
      image: path.join(dir, image),
      video: video && path.join(dir, video),
    });
  }
  sampleLoaded.write(true);
  log(`Added the ${sampleProjects.length} sample projects; edit them in the admin.`);
}
