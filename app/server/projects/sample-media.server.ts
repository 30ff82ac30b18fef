/**
 * Where the sample project cards' media are shipped: each still beside its
 * variants, made once with the photo pipeline (scripts/sample-variants.ts),
 * so the first start stores them as they are instead of running sharp.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import type { ProjectMedia } from "~/server/data/schema";
import { PROJECT_FRAME } from "./project-media.server";

export const SAMPLE_MEDIA_DIR = "app/content/sample-projects";

/** The variants of the still `image` (a file name in SAMPLE_MEDIA_DIR). */
export function sampleVariantsDir(image: string): string {
  return path.resolve(SAMPLE_MEDIA_DIR, "variants", path.parse(image).name);
}

/**
 * The still's size and widths as the pipeline recorded them: the variants are
 * `w<width>.webp`, the largest at the frame's 16:9 (the pipeline's own rounding).
 */
export async function sampleStill(dir: string): Promise<Pick<ProjectMedia, "width" | "height" | "widths">> {
  const widths = (await fsp.readdir(dir))
    .map((file) => /^w(\d+)\.webp$/.exec(file)?.[1])
    .filter((width) => width !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const largest = widths.at(-1);
  if (largest === undefined) throw new Error(`${dir} holds no variants: run npx tsx scripts/sample-variants.ts`);
  return { width: largest, height: Math.max(1, Math.floor(largest / PROJECT_FRAME.aspect)), widths };
}
