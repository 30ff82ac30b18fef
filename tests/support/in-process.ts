/**
 * The in-process tier (docs/testing.md): a test file calls the server's own functions against a copy of the
 * template's site, with no server and no HTTP. Vitest gives each file its own modules, so the app's one database and
 * configuration are this file's. Call `openTemplateSite()` once, in `beforeAll`, before any app function runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDatabase, initDatabase } from "~/server/data/db.server";
import { copyTemplateSite, ROOT } from "./server";

export function openTemplateSite(): { dataDir: string; uploadsDir: string; close: () => void } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-in-process-"));
  const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  copyTemplateSite(dirs);
  // Read by the app's configuration at its first use.
  process.env.DATA_DIR = dirs.dataDir;
  process.env.UPLOADS_DIR = dirs.uploadsDir;
  initDatabase(path.join(ROOT, "drizzle"));
  return {
    ...dirs,
    close: () => {
      closeDatabase();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
