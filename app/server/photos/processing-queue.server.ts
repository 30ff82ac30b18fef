/**
 * Who may process an upload now, and how long a line may get
 * (docs/decisions/017-heic-primary-image-and-queue.md). Two heavy sharp jobs
 * at once at most, so concurrent uploads cannot exhaust memory; one HEIC
 * decode at a time. An HEIC waits for the decoder without holding a processing
 * slot, so a queue of slow HEIC files never keeps a JPEG waiting; a line that
 * is full is refused with 503, so no upload waits behind an unbounded one.
 */
import pLimit, { type LimitFunction } from "p-limit";
import { HttpError } from "~/server/core/http-error.server";

const MAX_CONCURRENT_PROCESSING = 2;
/** Uploads waiting for a processing slot: at most this many jobs, two at a time, ahead of any upload. */
const MAX_WAITING_FOR_PROCESSING = 8;
/** HEIC files waiting for the decoder: each decode is stopped after two minutes at worst. */
const MAX_WAITING_FOR_DECODER = 3;
const RETRY_AFTER_S = 30;

const processing = pLimit(MAX_CONCURRENT_PROCESSING);
const heicDecoder = pLimit(1);

function busy(): HttpError {
  return new HttpError(
    503,
    "The server is busy processing other photos. Try again in a moment.",
    {},
    { "Retry-After": String(RETRY_AFTER_S) },
  );
}

function queued<T>(limit: LimitFunction, maxWaiting: number, task: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= maxWaiting) return Promise.reject(busy());
  return limit(task);
}

/** Runs one heavy sharp job in one of the processing slots. */
export function withProcessingSlot<T>(task: () => Promise<T>): Promise<T> {
  return queued(processing, MAX_WAITING_FOR_PROCESSING, task);
}

/** Runs `task` when the HEIC decoder is free; the task takes its processing slot itself, once it has the decoder. */
export function withHeicDecoder<T>(task: () => Promise<T>): Promise<T> {
  return queued(heicDecoder, MAX_WAITING_FOR_DECODER, task);
}
