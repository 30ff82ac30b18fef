import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/data/db.server";
import { startServer } from "../../tests/support/server";

export type Database = ReturnType<typeof openDatabase>;
export type SiteDirs = { dataDir: string; uploadsDir: string };

const PLACEHOLDER =
  "data:image/webp;base64,UklGRjQAAABXRUJQVlA4ICgAAACwAQCdASoQAAsAA4BaJaACdLoABKoAAP4TH43ZZw4Pf52thiCeAAAA";

/**
 * A fresh site whose database holds `photos` synthetic rows, one a minute,
 * ids 1…photos, oldest first (the list API never touches the files); then
 * `addAlbums` puts them in albums, in the same transaction.
 */
export async function syntheticSite(photos: number, addAlbums: (sqlite: Database) => void): Promise<SiteDirs> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-site-"));
  const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  // Start once so migrations create the schema, then fill it offline.
  const first = await startServer({ dirs });
  await first.stop();
  const sqlite = openDatabase(path.join(dirs.dataDir, "portfolio.sqlite"));
  const insert = sqlite.prepare(`INSERT INTO images (name, description, original_filename, storage_key, mime_type, size,
    stored_bytes, width, height, variant_widths, avif_widths, checksum, placeholder, uploaded_at, updated_at)
    VALUES (?, ?, ?, ?, 'image/jpeg', ?, 3000000, 2400, 1600, '[320,640,960,1280,1920,2400]', '[320,640,960]', ?, ?, ?, ?)`);
  const start = Date.now() - photos * 60_000;
  sqlite.transaction(() => {
    for (let i = 0; i < photos; i++) {
      const key = crypto.randomBytes(16).toString("hex");
      const at = start + i * 60_000;
      insert.run(`Photo ${i}`, `Description ${i}`, `photo-${i}.jpg`, key, 1_000_000 + i, key + i, PLACEHOLDER, at, at);
    }
    addAlbums(sqlite);
  })();
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  return dirs;
}

export function removeSite(dirs: SiteDirs): void {
  fs.rmSync(path.dirname(dirs.dataDir), { recursive: true, force: true });
}
