// The migration to an album's own order (drizzle/0007_album_order.sql) on a
// database of the version before it: albums made before keep newest uploads
// first, with positions seeded in that order.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../support/server";

const MIGRATIONS = path.join(ROOT, "drizzle");

function apply(sqlite: Database.Database, file: string): void {
  for (const statement of fs.readFileSync(path.join(MIGRATIONS, file), "utf8").split("--> statement-breakpoint")) {
    sqlite.exec(statement);
  }
}

it("moves existing albums to newest uploads first and seeds their positions in that order", () => {
  const sqlite = new Database(":memory:");
  const files = fs
    .readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  const order = files.indexOf("0007_album_order.sql");
  for (const file of files.slice(0, order)) apply(sqlite, file);

  const insert = sqlite.prepare(`INSERT INTO images (id, name, original_filename, storage_key, mime_type, size,
    stored_bytes, width, height, variant_widths, avif_widths, checksum, placeholder, uploaded_at, updated_at)
    VALUES (?, 'p', 'p.jpg', ?, 'image/jpeg', 1, 1, 1, 1, '[1]', '[]', ?, '', ?, ?)`);
  // Uploaded out of id order: 2 is the newest, then 3, then 1.
  for (const [id, uploadedAt] of [
    [1, 1000],
    [2, 3000],
    [3, 2000],
  ]) {
    insert.run(id, `k${id}`, `c${id}`, uploadedAt, uploadedAt);
  }
  sqlite.prepare("INSERT INTO albums (id, slug, name, position, created_at) VALUES (1, 'old', 'Old', 1, 0)").run();
  for (const id of [1, 2, 3]) sqlite.prepare("INSERT INTO album_images (album_id, image_id) VALUES (1, ?)").run(id);

  for (const file of files.slice(order)) apply(sqlite, file);
  expect(sqlite.prepare("SELECT sort, sort_order, add_to FROM albums").get()).toEqual({
    sort: "uploaded_at",
    sort_order: "desc",
    add_to: "end",
  });
  expect(sqlite.prepare("SELECT image_id, position FROM album_images ORDER BY position").all()).toEqual([
    { image_id: 2, position: 1024 },
    { image_id: 3, position: 2048 },
    { image_id: 1, position: 3072 },
  ]);
  // A new album is manual.
  sqlite.prepare("INSERT INTO albums (slug, name, position, created_at) VALUES ('new', 'New', 2, 0)").run();
  expect(sqlite.prepare("SELECT sort FROM albums WHERE slug = 'new'").get()).toEqual({ sort: "manual" });
});
