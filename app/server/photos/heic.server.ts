/**
 * HEIC/HEIF photos compressed with HEVC (iPhones), which sharp's prebuilt
 * libvips reads the header of but cannot decode. libheif compiled to
 * WebAssembly (`libheif-js`) decodes them in a
 * worker thread of its own: a corrupt or hostile file can fail, or be stopped
 * after DECODE_TIMEOUT_MS, without touching the server's thread, and the
 * worker's memory is returned when it exits (docs/decisions/012-heic-decoding.md).
 * The worker decodes the primary image, the one sharp read the header of, and
 * only once every image in the file is within the pixel limit
 * (docs/decisions/017-heic-primary-image-and-queue.md).
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { MAX_PIXELS } from "~/lib/limits";

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
  /** An image in the file is past the pixel limit: refused before any pixel was decoded. */
  readonly tooManyPixels: boolean;

  constructor(message: string, tooManyPixels = false) {
    super(message);
    this.tooManyPixels = tooManyPixels;
  }
}

// libheif-js itself, not a wrapper such as heic-decode: wrappers hand over the
// first image and hide which one is primary.
// The server is one bundle: the worker runs from this source and requires the
// decoder by the path the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const libheif = require(workerData.libheif);
const { file, expected, maxPixels } = workerData;

async function decode() {
  await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(fs.readFileSync(file));
  try {
    if (!images.length) return { ok: false, message: "no image in the file" };
    // Sizes as the file declares them: nothing is decoded yet.
    if (images.some((image) => image.get_width() * image.get_height() > maxPixels)) {
      return { ok: false, tooManyPixels: true, message: "an image in the file is past the pixel limit" };
    }
    const primary = images.find((image) => image.is_primary());
    if (!primary) return { ok: false, message: "no primary image" };
    const width = primary.get_width();
    const height = primary.get_height();
    if (width !== expected.width || height !== expected.height) {
      return { ok: false, message: "the primary image is " + width + "x" + height + ", not the size its header gives" };
    }
    const data = new Uint8ClampedArray(width * height * 4);
    const shown = await new Promise((resolve) => primary.display({ data, width, height }, resolve));
    if (!shown) return { ok: false, message: "the primary image could not be decoded" };
    return { ok: true, width, height, data };
  } finally {
    for (const image of images) image.free();
    decoder.decoder?.delete();
  }
}

decode().then(
  (answer) => parentPort.postMessage(answer, answer.ok ? [answer.data.buffer] : []),
  (error) => parentPort.postMessage({ ok: false, message: String((error && error.message) || error) }),
);
`;

type Answer =
  | { ok: true; width: number; height: number; data: Uint8ClampedArray }
  | { ok: false; message: string; tooManyPixels?: boolean };

function libheifPath(): string {
  return createRequire(import.meta.url).resolve("libheif-js/wasm-bundle");
}

/**
 * Decodes the primary image of one HEVC HEIF file, which must be `expected`
 * (the size sharp read from its header). One photo at a time: callers queue
 * through `withHeicDecoder` (processing-queue.server.ts).
 */
export function decodeHeic(file: string, expected: { width: number; height: number }): Promise<DecodedPixels> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { libheif: libheifPath(), file, expected, maxPixels: MAX_PIXELS },
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
      } else reject(new HeicDecodeError(answer.message, answer.tooManyPixels));
    });
    worker.once("error", (error) => reject(new HeicDecodeError(error.message)));
    worker.once("exit", (code) => reject(new HeicDecodeError(`the decoder stopped (exit code ${code})`)));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}
