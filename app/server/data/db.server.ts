import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/server/core/config.server";
import * as schema from "./schema";
import { reuseStatements } from "./statement-cache.server";

type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The database, or the `tx` of `db().transaction((tx) => …)`: what a query helper a transaction calls takes. */
export type Queryable = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

let instance: Db | undefined;

export class StartupError extends Error {
  override name = "StartupError";
}

/** Opens (or creates) the database with the pragmas every connection needs. */
export function openDatabase(file: string): Database.Database {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  return sqlite;
}

export function databaseFile(): string {
  return path.join(config().dataDir, "portfolio.sqlite");
}

/**
 * Opens the database, checks it is sound and applies pending migrations.
 * Called once before the server listens; throws StartupError with a clear message.
 */
export function initDatabase(migrationsFolder = path.resolve("drizzle")): Db {
  if (instance) return instance;
  const file = databaseFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let sqlite: Database.Database;
  try {
    sqlite = openDatabase(file);
    const check = String(sqlite.pragma("quick_check", { simple: true }));
    if (check !== "ok") {
      // A damaged file reports one line per broken page: the message stays one line.
      const problems = check.split("\n").filter((line) => line && !line.startsWith("***"));
      throw new Error(
        problems.length > 1 ? `${problems[0]}; and ${problems.length - 1} more problems` : (problems[0] ?? check),
      );
    }
  } catch (error) {
    throw new StartupError(
      `The database ${file} is unreadable or corrupt (${(error as Error).message}). Restore a backup with "npm run restore -- <dir>".`,
    );
  }
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  reuseStatements(sqlite);
  writeLockFirst(db);
  instance = db;
  return db;
}

/**
 * Every transaction takes the write lock as it begins (BEGIN IMMEDIATE), waiting out the busy timeout for it. A
 * deferred one that read first cannot take it once another process (Litestream, a script, a second server) wrote
 * meanwhile: SQLite answers SQLITE_BUSY at once, and a first start beside Litestream failed so.
 */
function writeLockFirst(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, options) => transaction(run, { behavior: "immediate", ...options })) as Db["transaction"];
}

export function db(): Db {
  if (!instance) throw new Error("initDatabase() must run before the database is used");
  return instance;
}

export function closeDatabase(): void {
  instance?.$client.close();
  instance = undefined;
}
