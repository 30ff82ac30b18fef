/**
 * `npm run storage:migrate -- --to s3|local`: copies every photo from the
 * other store into the named one, checked byte for byte (photo-copy.server.ts).
 * Idempotent and resumable: a photo whose files are all in the target already
 * is skipped, so a run that stopped halfway is simply run again. Photos the
 * target holds but the database no longer knows (deleted between two runs)
 * are removed from it; the site may be running, even on the target store. The source is left as it is; the site switches when
 * STORAGE is changed.
 */
import fsp from "node:fs/promises";
import { config } from "~/server/core/config.server";
import { databaseFile } from "~/server/data/db.server";
import { createLocalStore } from "./local-store.server";
import { copyPhoto, pendingKeysIn, rowsIn, type CopyResult } from "./photo-copy.server";
import { s3StoreOnDemand } from "./s3-on-demand.server";
import { parseStorageSettings, type S3Settings } from "~/server/core/storage-config.server";
import { ensureTmpDir, tmpPath } from "./storage.server";

export type MigrationTarget = "s3" | "local";

/** The bucket's settings whatever STORAGE says: the S3_* variables must name it either way. */
function bucketSettings(): S3Settings {
  const settings = parseStorageSettings({ ...process.env, STORAGE: "s3" });
  if (settings.kind !== "s3") throw new Error("unreachable: STORAGE was set to s3");
  return settings;
}

export async function migrateStorage(
  to: MigrationTarget,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Record<CopyResult | "removed", number> & { target: string; projectMedia: number }> {
  const disk = createLocalStore(config().uploadsDir);
  const bucket = s3StoreOnDemand(bucketSettings());
  const [source, target] = to === "s3" ? [disk, bucket] : [bucket, disk];
  await target.probe().catch((error: unknown) => {
    throw new Error(`cannot write to ${target.description}: ${(error as Error).message || String(error)}`);
  });

  const rows = rowsIn(databaseFile());
  ensureTmpDir();
  const workDir = tmpPath(".migrate");
  await fsp.mkdir(workDir);
  const counts: Record<CopyResult | "removed", number> = { copied: 0, present: 0, missing: 0, removed: 0 };
  let projectMedia = 0;
  try {
    // Progress and the counts are the photos' (with the site's own files); project cards' media are counted apart.
    const total = rows.filter((row) => row.kind !== "project-media").length;
    let done = 0;
    onProgress(0, total);
    for (const row of rows) {
      const result = await copyPhoto(source, target, row, workDir);
      if (row.kind === "project-media") {
        if (result === "copied") projectMedia++;
        continue;
      }
      counts[result]++;
      onProgress(++done, total);
    }
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
  const stored = await target.keys();
  // Read again after listing, never the list from the start: the site may be on the
  // target already, and a photo uploaded meanwhile has its row, or its journal entry, by now.
  const keep = new Set([...rowsIn(databaseFile()).map((row) => row.key), ...pendingKeysIn(databaseFile())]);
  for (const key of stored) {
    if (keep.has(key)) continue;
    await target.remove(key);
    counts.removed++;
  }
  return { ...counts, projectMedia, target: target.description };
}
