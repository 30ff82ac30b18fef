import fs from "node:fs";
import { ensureAdmin } from "./auth.server";
import { config } from "./config.server";
import { closeDatabase, initDatabase, StartupError } from "./db.server";
import { allStorageKeys } from "./images.server";
import { closePasswordWorkers } from "./password.server";
import { keepNewFilesPrivate, makeSitePrivate } from "./private-files.server";
import { restoreFromReplica, startReplication, stopReplication } from "./replication.server";
import { ensureStorageDirs, storageWritable, sweepOrphans } from "./storage.server";

let prepared: Promise<void> | undefined;

function assertWritable(dir: string, name: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new StartupError(`${name} (${dir}) is not writable by this process.`);
  }
}

/** Everything that must hold before the server listens; safe to call more than once. */
export function prepare(log: (line: string) => void = console.log): Promise<void> {
  prepared ??= (async () => {
    keepNewFilesPrivate();
    const { dataDir, uploadsDir } = config();
    assertWritable(dataDir, "DATA_DIR");
    assertWritable(uploadsDir, "UPLOADS_DIR");
    ensureStorageDirs();
    if (!(await storageWritable()))
      throw new StartupError(`UPLOADS_DIR (${uploadsDir}) is not writable by this process.`);
    const { litestreamReplicaUrl } = config();
    if (litestreamReplicaUrl && restoreFromReplica(litestreamReplicaUrl))
      log(`Restored the database from the replica at ${litestreamReplicaUrl}.`);
    initDatabase();
    if (litestreamReplicaUrl) startReplication(litestreamReplicaUrl, log);
    await ensureAdmin(log);
    const swept = await sweepOrphans(allStorageKeys());
    if (swept.orphans || swept.tmp)
      log(`Removed ${swept.tmp} unfinished uploads and ${swept.orphans} orphan image folders.`);
    const { changed, failures } = makeSitePrivate();
    if (changed) log(`Made ${changed} files and folders readable by this user only.`);
    for (const failure of failures) log(`Left as it is, its mode cannot be changed: ${failure}`);
  })();
  return prepared;
}

/**
 * After the last request: server.js exits once this resolves, so the workers'
 * termination need not be awaited; Litestream's last upload of the WAL is.
 */
export async function shutdown(): Promise<void> {
  closeDatabase();
  void closePasswordWorkers();
  await stopReplication();
}
