// Global setup of Vitest's integration project and of Playwright, after the build: prepares the template every test
// server starts from (template.ts) and hands its folder to the workers through the environment.
import { prepareTemplate } from "./template";
import { TEMPLATE_ENV } from "./server";

export default async function templateSetup(): Promise<void> {
  process.env[TEMPLATE_ENV] = await prepareTemplate();
}
