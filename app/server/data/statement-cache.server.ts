import type Database from "better-sqlite3";

/** Enough for every query shape the site runs; `IN (?, ?, …)` lists of many lengths fall out first. */
const LIMIT = 500;

/**
 * Drizzle prepares every query anew, and SQLite's prepare is a good part of a
 * small query's time. The same SQL text reuses its statement (least recently
 * used dropped first). Drizzle switches a statement to raw rows for its
 * selects, so a reused one starts back in object mode, as a new one would;
 * and since two callers of the same SQL share one statement, none may keep
 * a statement (or its mode) past its call.
 */
export function reuseStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const kept = statements.get(source);
    if (kept) {
      statements.delete(source);
      statements.set(source, kept);
      return kept.reader ? kept.raw(false).pluck(false).expand(false) : kept;
    }
    const statement = prepare(source);
    statements.set(source, statement);
    if (statements.size > LIMIT) statements.delete(statements.keys().next().value!);
    return statement;
  }) as typeof sqlite.prepare;
}
