import { db } from "./db.server";

/**
 * Changes whenever what the public pages show may have changed: SQLite
 * triggers count every write to the shown tables (photos, albums and their
 * memberships; drizzle/0005_content_version.sql), whichever process makes it
 * (`npm run seed`). Logins, sessions and the storage journal are not counted,
 * so a visitor's ETag says nothing about the owner's activity
 * (docs/decisions/018-content-version.md). The count lives in the database,
 * so it survives restarts, but a new build may render the same data
 * differently: anything kept across runs (an ETag) adds something of its own.
 */
export function dataVersion(): string {
  // Prepared once by its SQL text (statement-cache.server.ts); a shared statement keeps no mode of ours.
  const row = db().$client.prepare("SELECT version FROM content_version WHERE id = 1").get() as { version: number };
  return String(row.version);
}

/**
 * The content version and the access version together (migration 0027, docs/decisions/090-access-caches.md): the
 * access version counts every write that changes who may see what (share links, sessions' ends) or what a link's
 * client sees of their own (names, favourites, comments). Whatever says who may see what, or shows it to a signed-in
 * owner or a client, is kept under this key and dropped when it moves.
 */
export function accessVersion(): string {
  const row = db().$client.prepare("SELECT version, access FROM content_version WHERE id = 1").get() as {
    version: number;
    access: number;
  };
  return `${row.version}.${row.access}`;
}
