import fs from "node:fs";
import fsp from "node:fs/promises";
import { db } from "~/server/data/db.server";
import { replicating } from "./replication.server";
import { photoStore, tmpDir } from "~/server/storage/storage.server";

export interface Health {
  ok: boolean;
  /** The database answers a query. */
  database: boolean;
  /** The uploads folder's tmp/ is a folder the server may write to, and the photo store answers a read. */
  storage: boolean;
  /**
   * Litestream is running, when replication is configured. Informational: a
   * replica that is down does not make the site unhealthy (it restarts itself).
   */
  replication?: boolean;
}

function databaseAnswers(): boolean {
  try {
    return db().$client.prepare("SELECT 1 AS ok").get() !== undefined;
  } catch {
    return false;
  }
}

/**
 * A store that answered is not asked again for this long: /healthz is
 * anonymous and unthrottled, and each ask of a bucket is a paid request. A
 * store that did not answer is asked again at the next call, so its return
 * shows at once.
 */
export const STORE_ANSWER_KEPT_MS = 5000;
let storeAnsweredAt: number | undefined;

async function storeAnswers(): Promise<void> {
  const now = performance.now();
  if (storeAnsweredAt !== undefined && now - storeAnsweredAt < STORE_ANSWER_KEPT_MS) return;
  storeAnsweredAt = undefined;
  await photoStore().check();
  storeAnsweredAt = now;
}

/**
 * Reads only: /healthz is anonymous and unthrottled, so a write per call
 * (a bucket's PutObject and DeleteObject) cost money and made a short bucket
 * blip a failed health check. Writing is proved once, at start (startup.server.ts).
 */
async function storageAnswers(): Promise<boolean> {
  try {
    const tmp = tmpDir();
    if (!(await fsp.stat(tmp)).isDirectory()) return false;
    // access(2) asks the kernel without writing: a read-only mount answers EROFS.
    await fsp.access(tmp, fs.constants.W_OK);
    await storeAnswers();
    return true;
  } catch {
    return false;
  }
}

/** Calls that arrive while a check runs share its answer, so a burst of them costs the store one read. */
let storageCheck: Promise<boolean> | undefined;

/** What /healthz reports: whether the site can read and store photos right now. */
export async function checkHealth(): Promise<Health> {
  const database = databaseAnswers();
  storageCheck ??= storageAnswers().finally(() => (storageCheck = undefined));
  const storage = await storageCheck;
  const replication = replicating();
  return { ok: database && storage, database, storage, ...(replication === undefined ? {} : { replication }) };
}
