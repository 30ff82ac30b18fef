/**
 * The in-process tier (docs/testing.md): a test file calls the server's own functions against a copy of the
 * template's site, with no server and no HTTP. Vitest gives each file its own modules, so the app's one database and
 * configuration are this file's. Call `openTemplateSite()` once, in `beforeAll`, before any app function runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDatabase, initDatabase } from "~/server/data/db.server";
import { ROOT, templateDir } from "./server";

export function openTemplateSite(): { dataDir: string; uploadsDir: string; close: () => void } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-in-process-"));
  const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  const site = path.join(templateDir(), "site");
  fs.cpSync(path.join(site, "data"), dirs.dataDir, { recursive: true });
  fs.cpSync(path.join(site, "uploads"), dirs.uploadsDir, { recursive: true });
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
