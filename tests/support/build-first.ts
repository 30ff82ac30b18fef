// Global setup of Vitest's integration project and of Playwright: their tests
// run the built server, so a build older than any source is made again first.
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

export default function buildFirst(): void {
  buildIfStale();
}
