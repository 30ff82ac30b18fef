import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it } from "vitest";
import { createHashPool, HashPoolBusyError, HashPoolClosedError, type HashPool } from "~/server/auth/hash-pool.server";

let pool: HashPool | undefined;

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const slowHash = (password: string) => ({ op: "hash" as const, password, cost: 8 });

describe("hash pool (real worker threads)", () => {
  it("hashes and compares like bcryptjs", async () => {
    pool = createHashPool({ workers: 2, maxQueued: 4 });
    const hash = String(await pool.run({ op: "hash", password: "correct horse", cost: 4 }));
    expect(bcrypt.getRounds(hash)).toBe(4);
    expect(bcrypt.compareSync("correct horse", hash)).toBe(true);
    expect(await pool.run({ op: "compare", password: "correct horse", hash })).toBe(true);
    expect(await pool.run({ op: "compare", password: "wrong", hash })).toBe(false);
  });

  it("refuses at once when the queue is full; urgent tasks have a lane of their own and go first", async () => {
    pool = createHashPool({ workers: 1, maxQueued: 2 });
    const finished: string[] = [];
    const run = (name: string, urgent = false) =>
      pool!.run(slowHash(name), { urgent }).then(
        () => finished.push(name),
        (error: Error) => finished.push(`${name}: ${error.name}`),
      );
    // All submitted in one go: the first runs, two wait, the fourth finds the queue full.
    const all = [run("a"), run("b"), run("c"), run("d"), run("urgent", true)];
    await Promise.all(all);
    expect(finished[0]).toBe("d: HashPoolBusyError");
    expect(finished.slice(1)).toEqual(["a", "urgent", "b", "c"]);
  });

  it("a failing task rejects without stopping the pool", async () => {
    pool = createHashPool({ workers: 1, maxQueued: 2 });
    await expect(pool.run({ op: "compare", password: "x", hash: 42 as unknown as string })).rejects.toThrow(
      /illegal arguments/i,
    );
    expect(await pool.run({ op: "compare", password: "x", hash: bcrypt.hashSync("x", 4) })).toBe(true);
  });

  it("close() refuses what waits and everything after", async () => {
    pool = createHashPool({ workers: 1, maxQueued: 4 });
    const running = pool.run(slowHash("a")).catch((error: Error) => error);
    const waiting = pool.run(slowHash("b")).catch((error: Error) => error);
    await pool.close();
    expect(await waiting).toBeInstanceOf(HashPoolClosedError);
    // The running task was cut short with the worker.
    expect(await running).toBeInstanceOf(HashPoolClosedError);
    await expect(pool.run(slowHash("c"))).rejects.toBeInstanceOf(HashPoolClosedError);
    expect(HashPoolBusyError).not.toBe(HashPoolClosedError);
  });
});
