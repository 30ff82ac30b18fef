/**
 * Makes the sample project stills' variants (app/content/sample-projects/variants/<still>/) with the photo
 * pipeline, as an upload in the admin would: the first start stores these as they are, so a fresh site
 * imports its sample without image work. Run with `npx tsx scripts/sample-variants.ts` after changing a
 * still (scripts/project-media.ts draws them).
 */
import fs from "node:fs";
import path from "node:path";
import { sampleProjects } from "../app/content/sample-projects";
import { processImage } from "../app/server/photos/image-processing.server";
import { PROJECT_FRAME } from "../app/server/projects/project-media.server";
import { SAMPLE_MEDIA_DIR, sampleVariantsDir } from "../app/server/projects/sample-media.server";

for (const { image } of sampleProjects) {
  const out = sampleVariantsDir(image);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const still = await processImage(path.join(SAMPLE_MEDIA_DIR, image), out, PROJECT_FRAME);
  console.log(`${out}: ${still.width}×${still.height}, widths ${still.variantWidths.join(", ")}`);
}
