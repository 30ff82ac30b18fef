import type Database from "better-sqlite3";
import { db } from "./db.server";

const statements = new WeakMap<Database.Database, Database.Statement>();

/**
 * Changes whenever the database may have changed: `total_changes()` counts this
 * connection's writes, `data_version` moves on commits by other processes
 * (`npm run seed`). Both start over with the process, so anything kept across
 * restarts (an ETag) must add something of its own.
 */
export function dataVersion(): string {
  const sqlite = db().$client;
  let statement = statements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare("SELECT total_changes() || ':' || data_version FROM pragma_data_version").pluck();
    statements.set(sqlite, statement);
  }
  return String(statement.get());
}
