import fs from "node:fs";
import fsp from "node:fs/promises";
import { ensureAdmin } from "~/server/auth/auth.server";
import { config } from "~/server/core/config.server";
import { redactUrls } from "~/server/core/redact.server";
import { closeDatabase, databaseFile, initDatabase, StartupError } from "~/server/data/db.server";
import { loadSampleProjects } from "~/server/projects/sample-projects.server";
import { removeStoredVideoLocations } from "~/server/projects/stored-video-location.server";
import { closePasswordWorkers } from "~/server/auth/password.server";
import { keepNewFilesPrivate, makeSitePrivate } from "~/server/storage/private-files.server";
import { restoreFromReplica, startReplication, stopReplication } from "./replication.server";
import { registerProcess, releaseProcess } from "~/server/storage/process-locks.server";
import { ensureTmpDir, photoStore, removeAbandonedTmp, tmpPath } from "~/server/storage/storage.server";
import { journalledKeys, sweepPendingObjects } from "~/server/storage/storage-sweep.server";
import { removeConversionsExcept } from "~/server/storage/converted-cache.server";
import { rowsIn } from "~/server/storage/photo-copy.server";
import { startMailWorker, stopMailWorker } from "~/server/notify/mail-worker.server";
import { startProofSweeps, stopProofSweeps } from "~/server/proofs/proof-sweep.server";
import { startSearchUpkeep, stopSearchUpkeep } from "~/server/photos/search-upkeep.server";

let prepared: Promise<void> | undefined;

function assertWritable(dir: string, name: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new StartupError(`${name} (${dir}) is not writable by this process.`);
  }
}

/** Why a call failed, in a few words: a refused connection's message is empty, its code is not. */
function reason(error: unknown): string {
  const { message, code, name } = error as { message?: string; code?: string; name?: string };
  return [name !== "Error" ? name : undefined, message || code].filter(Boolean).join(": ") || String(error);
}

/** Uploads arrive in tmp/ and photos go on into the store: either refusing a file stops the start, in one line. */
async function checkStorage(): Promise<void> {
  const probe = tmpPath(".probe");
  try {
    await fsp.writeFile(probe, "ok");
    await fsp.rm(probe);
  } catch {
    throw new StartupError(`UPLOADS_DIR (${config().uploadsDir}) is not writable by this process.`);
  }
  const store = photoStore();
  try {
    await store.probe();
  } catch (error) {
    throw new StartupError(`Cannot store photos in ${store.description}: ${reason(error)}`);
  }
}

/**
 * What a crash or an outage left: uploads in tmp/, objects in the journal
 * (storage-sweep.server.ts) and, on the local disk where listing is cheap,
 * any folder without a row. A bucket is not listed at each start: it can hold
 * millions of objects, and the journal names every key that can be an orphan.
 * What another running process (seed, the server still serving in a rolling
 * deploy) is writing is spared.
 */
async function sweep(log: (line: string) => void): Promise<void> {
  const tmp = await removeAbandonedTmp();
  const { removed, left } = await sweepPendingObjects();
  let orphans = 0;
  const knownKeys = () => new Set([...rowsIn(databaseFile()).map((row) => row.key), ...journalledKeys()]);
  if (config().storage.kind === "local") {
    const stored = await photoStore().keys();
    // Read after listing: a folder put in place meanwhile has its row or its journal entry by now.
    const known = knownKeys();
    for (const key of stored) {
      if (known.has(key)) continue;
      await photoStore().remove(key);
      orphans++;
    }
  }
  await removeConversionsExcept(knownKeys);
  if (tmp || removed || orphans) {
    log(`Removed ${tmp} unfinished uploads and ${removed + orphans} orphan image folders.`);
  }
  if (left) log(`The files of ${left} deleted photos could not be removed yet; they are retried.`);
}

/** Everything that must hold before the server listens; safe to call more than once. */
export function prepare(log: (line: string) => void = console.log): Promise<void> {
  prepared ??= (async () => {
    keepNewFilesPrivate();
    const { dataDir, uploadsDir } = config();
    assertWritable(dataDir, "DATA_DIR");
    assertWritable(uploadsDir, "UPLOADS_DIR");
    ensureTmpDir();
    // Before anything is written: it names what this process writes, and refuses to run beside a restore.
    registerProcess("the server");
    await checkStorage();
    const { litestreamReplicaUrl } = config();
    if (litestreamReplicaUrl && restoreFromReplica(litestreamReplicaUrl))
      log(`Restored the database from the replica at ${redactUrls(litestreamReplicaUrl)}.`);
    initDatabase();
    if (litestreamReplicaUrl) startReplication(litestreamReplicaUrl, log);
    await ensureAdmin(log);
    await sweep(log);
    await startProofSweeps(log);
    startSearchUpkeep();
    await loadSampleProjects(log);
    await removeStoredVideoLocations(log);
    const { changed, failures } = makeSitePrivate();
    if (changed) log(`Made ${changed} files and folders readable by this user only.`);
    for (const failure of failures) log(`Left as it is, its mode cannot be changed: ${failure}`);
    startMailWorker();
  })();
  return prepared;
}

/**
 * After the last request: server.js exits once this resolves, so the workers'
 * termination need not be awaited; Litestream's last upload of the WAL is.
 */
export async function shutdown(): Promise<void> {
  stopMailWorker();
  stopProofSweeps();
  stopSearchUpkeep();
  closeDatabase();
  releaseProcess();
  void closePasswordWorkers();
  await stopReplication();
}
