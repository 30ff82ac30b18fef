import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reuseStatements } from "~/server/data/statement-cache.server";

describe("reused statements", () => {
  let dir: string;
  let sqlite: Database.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "statements-"));
    sqlite = new Database(path.join(dir, "test.sqlite"));
    sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    sqlite.prepare("INSERT INTO t (name) VALUES (?), (?)").run("a", "b");
    reuseStatements(sqlite);
  });

  afterEach(() => {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("prepares the same SQL once", () => {
    expect(sqlite.prepare("SELECT name FROM t ORDER BY id")).toBe(sqlite.prepare("SELECT name FROM t ORDER BY id"));
    expect(sqlite.prepare("SELECT id FROM t")).not.toBe(sqlite.prepare("SELECT name FROM t"));
  });

  it("hands a statement back in object mode after drizzle read it as raw rows", () => {
    const orm = drizzle(sqlite);
    const query = sql`SELECT id, name FROM t ORDER BY id`;
    expect(orm.values(query)).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
    expect(orm.all(query)).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "b" },
    ]);
  });

  it("hands a statement back without the mode another caller left on it", () => {
    expect(sqlite.prepare("SELECT name FROM t WHERE id = 1").pluck().get()).toBe("a");
    expect(sqlite.prepare("SELECT name FROM t WHERE id = 1").get()).toEqual({ name: "a" });
    expect(sqlite.prepare("SELECT name FROM t WHERE id = 2").expand().get()).toEqual({ t: { name: "b" } });
    expect(sqlite.prepare("SELECT name FROM t WHERE id = 2").get()).toEqual({ name: "b" });
  });

  it("reuses writes too", () => {
    const insert = sqlite.prepare("INSERT INTO t (name) VALUES (?)");
    expect(sqlite.prepare("INSERT INTO t (name) VALUES (?)")).toBe(insert);
    sqlite.prepare("INSERT INTO t (name) VALUES (?)").run("c");
    expect(sqlite.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 3 });
  });

  it("keeps at most 500 statements, dropping the least recently used first", () => {
    const first = sqlite.prepare("SELECT 0 AS n");
    const kept = sqlite.prepare("SELECT 1 AS n");
    for (let n = 2; n <= 500; n++) sqlite.prepare(`SELECT ${n} AS n`);
    expect(sqlite.prepare("SELECT 1 AS n")).toBe(kept);
    sqlite.prepare("SELECT 501 AS n");
    expect(sqlite.prepare("SELECT 1 AS n")).toBe(kept);
    expect(sqlite.prepare("SELECT 0 AS n")).not.toBe(first);
  });
});
