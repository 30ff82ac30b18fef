/**
 * HEIC/HEIF photos compressed with HEVC (iPhones), which sharp's prebuilt
 * libvips reads the header of but cannot decode. libheif compiled to
 * WebAssembly (`heic-decode`, installed by npm on any machine) decodes them in
 * a worker thread of its own, one photo at a time: a corrupt or hostile file
 * can fail, or be stopped after DECODE_TIMEOUT_MS, without touching the
 * server's thread, and the worker's memory is returned when it exits
 * (docs/decisions/012-heic-decoding.md).
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** A 100-megapixel photo decodes in well under this on one core. */
const DECODE_TIMEOUT_MS = 120_000;
/** The JavaScript heap of the worker; the decoder's own memory is WebAssembly's, bounded by the pixel limit checked first. */
const WORKER_HEAP_MB = 256;

export interface DecodedPixels {
  /** RGBA, 8 bits per channel, already turned as the file says (libheif applies its rotation and mirroring). */
  data: Buffer;
  width: number;
  height: number;
}

export class HeicDecodeError extends Error {
  override name = "HeicDecodeError";
}

// The server is one bundle: the worker runs from this source and requires the
// decoder by the path the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const decode = require(workerData.decoder);
decode({ buffer: fs.readFileSync(workerData.file) }).then(
  ({ width, height, data }) => parentPort.postMessage({ ok: true, width, height, data }),
  (error) => parentPort.postMessage({ ok: false, message: String((error && error.message) || error) }),
);
`;

type Answer = { ok: true; width: number; height: number; data: Uint8ClampedArray } | { ok: false; message: string };

function decodeInWorker(file: string): Promise<DecodedPixels> {
  const decoder = createRequire(import.meta.url).resolve("heic-decode");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { decoder, file },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<DecodedPixels>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new HeicDecodeError(`decoding took longer than ${DECODE_TIMEOUT_MS / 1000} s`)),
      DECODE_TIMEOUT_MS,
    );
    worker.once("message", (answer: Answer) => {
      if (answer.ok) {
        const data = Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength);
        resolve({ data, width: answer.width, height: answer.height });
      } else reject(new HeicDecodeError(answer.message));
    });
    worker.once("error", (error) => reject(new HeicDecodeError(error.message)));
    worker.once("exit", (code) => reject(new HeicDecodeError(`the decoder stopped (exit code ${code})`)));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}

let queue: Promise<unknown> = Promise.resolve();

/** Decodes one HEVC HEIF file; the others wait, so at most one photo's pixels are being decoded at a time. */
export function decodeHeic(file: string): Promise<DecodedPixels> {
  const decoded = queue.then(() => decodeInWorker(file));
  queue = decoded.catch(() => {});
  return decoded;
}
