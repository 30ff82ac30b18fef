import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/**
 * bcrypt on worker threads, so password checks never stall the event loop
 * (see docs/decisions/001-login-hardening.md). Each worker takes one task at a
 * time; the rest wait in a bounded queue, and a task that finds it full is
 * refused at once with HashPoolBusyError instead of waiting ever longer.
 */
export type HashTask =
  { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };
type Answer = { ok: true; result: string | boolean } | { ok: false; message: string };

export interface HashPoolOptions {
  workers: number;
  /** Tasks that may wait for a worker, per lane. */
  maxQueued: number;
}

export class HashPoolBusyError extends Error {
  override name = "HashPoolBusyError";
}

export class HashPoolClosedError extends Error {
  override name = "HashPoolClosedError";
}

// The worker is evaluated from this source: the server is one bundle, so there
// is no worker file beside it to point a Worker at. bcryptjs is required by the
// path the main thread resolved, wherever the process was started from.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require(workerData.bcryptjs);
parentPort.on("message", (task) => {
  try {
    const result = task.op === "hash" ? bcrypt.hashSync(task.password, task.cost) : bcrypt.compareSync(task.password, task.hash);
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message ? error.message : error) });
  }
});
`;

interface Job {
  task: HashTask;
  resolve: (result: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  online: boolean;
}

export interface HashPool {
  /** Runs a task; `urgent` ones (known devices) wait in a lane of their own, ahead of the others. */
  run(task: HashTask, options?: { urgent?: boolean }): Promise<string | boolean>;
  /** Refuses queued tasks and stops the workers. */
  close(): Promise<void>;
}

export function createHashPool({ workers, maxQueued }: HashPoolOptions): HashPool {
  const bcryptjs = createRequire(import.meta.url).resolve("bcryptjs");
  const slots: Slot[] = [];
  const lanes = { urgent: [] as Job[], normal: [] as Job[] };
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptjs } });
    const slot: Slot = { worker, job: undefined, online: false };
    // An idle worker must not keep a script alive; a busy one must.
    slot.worker.unref();
    slot.worker.on("message", (answer: Answer) => {
      const job = slot.job!;
      finish(slot);
      if (answer.ok) job.resolve(answer.result);
      else job.reject(new Error(answer.message));
    });
    slot.worker.on("online", () => (slot.online = true));
    slot.worker.on("error", (error) => slot.job?.reject(error));
    slot.worker.on("exit", () => {
      slot.job?.reject(new HashPoolClosedError("The password worker stopped."));
      slots.splice(slots.indexOf(slot), 1);
      if (closed) return;
      if (slot.online) {
        slots.push(spawn());
        dispatch();
      } else {
        // A worker that cannot even start would fail again: refuse what waits; the next task tries anew.
        for (const job of drain()) job.reject(new Error("The password worker could not start."));
      }
    });
    return slot;
  }

  function drain(): Job[] {
    return [...lanes.urgent.splice(0), ...lanes.normal.splice(0)];
  }

  function finish(slot: Slot): void {
    slot.job = undefined;
    slot.worker.unref();
    dispatch();
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = lanes.urgent.shift() ?? lanes.normal.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.task);
    }
  }

  return {
    run(task, { urgent = false } = {}) {
      if (closed) return Promise.reject(new HashPoolClosedError("The server is shutting down."));
      if (slots.length === 0) for (let i = 0; i < workers; i++) slots.push(spawn());
      const lane = urgent ? lanes.urgent : lanes.normal;
      const idle = slots.some((slot) => !slot.job);
      if (!idle && lane.length >= maxQueued)
        return Promise.reject(new HashPoolBusyError("Too many password checks are waiting."));
      return new Promise((resolve, reject) => {
        lane.push({ task, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of drain()) job.reject(new HashPoolClosedError("The server is shutting down."));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

/** One worker per core left over by the main thread; the queue holds a burst of 20 logins and then some. */
export const DEFAULT_HASH_POOL: HashPoolOptions = {
  workers: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxQueued: 32,
};
