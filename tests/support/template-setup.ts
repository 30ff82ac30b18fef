// Global setup of Vitest's integration project and of Playwright, after the build: prepares the template every test
// server starts from (template.ts) and hands its folder to the workers through the environment.
// It also hands them the least image encoding effort, which the servers and scripts they start inherit: the same
// variants, widths and formats for a fraction of the CPU (AVIF at effort 0 takes a quarter of effort 3's time). The
// benches start servers without it, at the pipeline's own effort.
import { prepareTemplate } from "./template";
import { TEMPLATE_ENV } from "./server";

export default async function templateSetup(): Promise<void> {
  process.env.TEST_IMAGE_EFFORT ??= "0";
  process.env[TEMPLATE_ENV] = await prepareTemplate();
}
