import { afterEach, describe, expect, it } from "vitest";
import { HttpError } from "~/server/core/http-error.server";
import { withHeicDecoder, withProcessingSlot } from "~/server/photos/processing-queue.server";

/** A job that runs until released, and says whether it started. */
function heldJob() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const job = { started: false, release, run: async () => ((job.started = true), await gate) };
  return job;
}

const held: ReturnType<typeof heldJob>[] = [];
function hold() {
  const job = heldJob();
  held.push(job);
  return job;
}
afterEach(async () => {
  for (const job of held.splice(0)) job.release();
  // Let every released job and the ones queued behind it finish before the next test.
  await new Promise((resolve) => setImmediate(resolve));
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("the processing queue", () => {
  it("runs two jobs at once, lets eight wait and refuses the next with 503 and Retry-After", async () => {
    const jobs = Array.from({ length: 10 }, () => hold());
    const running = jobs.map((job) => withProcessingSlot(job.run));
    await Promise.resolve();
    expect(jobs.filter((job) => job.started)).toHaveLength(2);

    const refused = await refusal(withProcessingSlot(async () => {}));
    expect(refused.status).toBe(503);
    expect(new Headers(refused.headers).get("Retry-After")).toBe("30");

    for (const job of jobs) job.release();
    await Promise.all(running);
    expect(jobs.every((job) => job.started)).toBe(true);
  });

  it("keeps HEIC files waiting for the decoder out of the processing slots", async () => {
    const decoding = hold();
    const heics = [decoding, hold(), hold(), hold()].map((job) => withHeicDecoder(() => withProcessingSlot(job.run)));
    const jpeg = hold();
    const stored = withProcessingSlot(jpeg.run);
    await new Promise((resolve) => setImmediate(resolve));
    expect(decoding.started).toBe(true);
    // The one free slot is the JPEG's, although three HEIC files came first.
    expect(jpeg.started).toBe(true);
    expect(held.filter((job) => job.started)).toHaveLength(2);

    // A fourth waiting HEIC is one too many for the decoder's line.
    expect((await refusal(withHeicDecoder(async () => {}))).status).toBe(503);

    for (const job of held) job.release();
    await Promise.all([...heics, stored]);
  });
});
