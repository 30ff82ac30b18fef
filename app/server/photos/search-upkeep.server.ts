import { dataVersion } from "~/server/data/data-version.server";
import { db } from "~/server/data/db.server";

const HOURLY_MS = 60 * 60 * 1000;
let tidying: NodeJS.Timeout | undefined;
/** The content version the index was last merged at: every write the search indexes moves it. */
let tidiedAt: string | undefined;

/**
 * Merges the photo search's index into one piece when the content changed since it last was (record 092). Its
 * triggers write it a photo at a time, and FTS5 keeps each write as a small segment that it merges only four at a
 * time: at 100,000 photos written so, a search read the segments of every level, and took two to three times as long
 * as on the merged index. Returns whether it merged.
 */
export function tidySearchIndex(): boolean {
  const version = dataVersion();
  if (version === tidiedAt) return false;
  db().$client.exec("INSERT INTO photo_search (photo_search) VALUES ('optimize')");
  // Read again: the merge is no content change, but a write by another process meanwhile is.
  tidiedAt = version === dataVersion() ? version : undefined;
  return true;
}

/** At start, and every hour after (a merge of 100,000 photos' index takes about half a second). */
export function startSearchUpkeep(): void {
  tidySearchIndex();
  tidying ??= setInterval(() => {
    try {
      tidySearchIndex();
    } catch (error) {
      console.error(`Merging the search index failed: ${(error as Error).message}`);
    }
  }, HOURLY_MS);
  tidying.unref();
}

export function stopSearchUpkeep(): void {
  clearInterval(tidying);
  tidying = undefined;
}
