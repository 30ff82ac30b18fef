import { config } from "~/server/core/config.server";
import { createHashPool, DEFAULT_HASH_POOL, type HashPool } from "./hash-pool.server";
import { randomToken } from "~/server/core/tokens.server";

export { HashPoolBusyError, HashPoolClosedError } from "./hash-pool.server";

let pool: HashPool | undefined;
let dummyHash: Promise<string> | undefined;

function hashPool(): HashPool {
  pool ??= createHashPool(DEFAULT_HASH_POOL);
  return pool;
}

export async function hashPassword(password: string): Promise<string> {
  return String(await hashPool().run({ op: "hash", password, cost: config().bcryptCost }));
}

/**
 * Compares against the stored hash, or against a hash of nothing known when
 * there is none (unknown user): both take one task of the same cost in the pool.
 */
export async function verifyPassword(
  password: string,
  hash: string | undefined,
  options: { urgent?: boolean } = {},
): Promise<boolean> {
  const against = hash ?? (await dummyPasswordHash());
  return (await hashPool().run({ op: "compare", password, hash: against }, options)) === true;
}

/** Made once, at start (ensureAdmin), so that the first unknown user costs no more than later ones. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken()).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}

/** Stops the workers; later checks are refused. Called on shutdown. */
export async function closePasswordWorkers(): Promise<void> {
  await pool?.close();
}
