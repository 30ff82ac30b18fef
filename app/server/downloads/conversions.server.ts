/**
 * When an original that is not a JPEG is converted for download, and for whom
 * (issue 28: visitors cannot tie up the owner's server). A photo is converted
 * once and kept (storage/converted-cache.server.ts); everyone who asks for it
 * meanwhile waits for that one conversion. The owner's conversions take the
 * upload's processing slots; visitors' wait in a small line of their own, one
 * at a time, so they never hold a slot an upload needs. A conversion whose
 * every asker has left is dropped from the line, or stopped if it runs.
 */
import pLimit from "p-limit";
import { HttpError } from "~/server/core/http-error.server";
import type { ImageRow } from "~/server/data/schema";
import { keepConversion, keptConversion, type KeptConversion } from "~/server/storage/converted-cache.server";
import { ORIGINAL_FILE } from "~/server/storage/photo-store.server";
import { photoStore } from "~/server/storage/storage.server";
import { convertedOriginal } from "./converted-original.server";

/** Visitors' conversions waiting their turn: beyond this, a visitor is asked to come back. */
const MAX_VISITORS_WAITING = 16;
const RETRY_AFTER_S = 30;

const visitorsLine = pLimit(1);
/** Visitors' conversions waiting for their turn. */
const inLine = new Set<Conversion>();

interface Conversion {
  made: Promise<KeptConversion>;
  /** Requests still waiting for it. */
  waiting: number;
  /** Aborted when the last of them leaves. */
  abandon: AbortController;
}

const inProgress = new Map<string, Conversion>();

/** What a conversion nobody waits for any more rejects with; nobody reads it. */
class NobodyWaits extends Error {}

function visitorsBusy(): HttpError {
  return new HttpError(
    503,
    "The server is busy preparing other downloads. Try again in a moment.",
    {},
    { "Retry-After": String(RETRY_AFTER_S) },
  );
}

/** Starts converting for its first asker (`waiting` is 1), in the owner's slots or the visitors' line. */
function start(row: ImageRow, owner: boolean): Conversion {
  if (!owner && inLine.size >= MAX_VISITORS_WAITING) throw visitorsBusy();
  const conversion: Conversion = {
    waiting: 1,
    made: Promise.resolve(undefined as never),
    abandon: new AbortController(),
  };
  const turn = { inOwnersSlots: owner, abandoned: conversion.abandon.signal };
  const convert = async (): Promise<KeptConversion> => {
    inLine.delete(conversion);
    turn.abandoned.throwIfAborted();
    const original = await photoStore().get(row.storageKey, ORIGINAL_FILE);
    if (!original) throw new HttpError(404, `There is no image with id ${row.id}`);
    return keepConversion(row.storageKey, await convertedOriginal(original, row.mimeType, turn));
  };
  if (!owner) inLine.add(conversion);
  conversion.made = owner ? convert() : visitorsLine(convert);
  void conversion.made.catch(() => undefined).finally(() => inProgress.delete(row.storageKey));
  return conversion;
}

/** The last asker left: out of the line, stopped if running, and the next asker starts afresh. */
function abandon(key: string, conversion: Conversion): void {
  inLine.delete(conversion);
  if (inProgress.get(key) === conversion) inProgress.delete(key);
  conversion.abandon.abort(new NobodyWaits());
}

/** Settles with `promise`, or rejects once `signal` aborts (the client left); the work goes on for the others. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const leave = () => reject(signal.reason as Error);
    signal.addEventListener("abort", leave, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", leave));
  });
}

/** The photo's original as a kept JPEG: converted now if it never was, at most once however many ask. */
export async function convertedOriginalFile(
  row: ImageRow,
  { owner, signal }: { owner: boolean; signal: AbortSignal },
): Promise<KeptConversion> {
  if (signal.aborted) throw signal.reason;
  const kept = await keptConversion(row.storageKey);
  if (kept) return kept;
  let conversion = inProgress.get(row.storageKey);
  if (conversion) conversion.waiting += 1;
  else {
    conversion = start(row, owner);
    inProgress.set(row.storageKey, conversion);
  }
  try {
    return await untilAborted(conversion.made, signal);
  } finally {
    conversion.waiting -= 1;
    if (conversion.waiting === 0) abandon(row.storageKey, conversion);
  }
}
