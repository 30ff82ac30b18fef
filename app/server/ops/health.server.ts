import { db } from "~/server/data/db.server";
import { replicating } from "./replication.server";
import { storageWritable } from "~/server/storage/storage.server";

export interface Health {
  ok: boolean;
  /** The database answers a query. */
  database: boolean;
  /** The uploads folders take a new file. */
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

/** What /healthz reports: whether the site can read and store photos right now. */
export async function checkHealth(): Promise<Health> {
  const database = databaseAnswers();
  const storage = await storageWritable();
  const replication = replicating();
  return { ok: database && storage, database, storage, ...(replication === undefined ? {} : { replication }) };
}
