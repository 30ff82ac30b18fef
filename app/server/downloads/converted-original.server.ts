/**
 * A stored original converted to a JPEG (original-as-jpeg.server.ts) in a child process
 * (conversion-child.ts, record 093): sharp cannot be interrupted and a process can, so a conversion nobody waits for
 * any more is stopped rather than finished; and what libvips allocated for a 100-megapixel photo goes back to the
 * system when the child exits, not into the server's heap for good.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { withHeicDecoder, withProcessingSlot } from "~/server/photos/processing-queue.server";
import type { StoredFile } from "~/server/storage/photo-store.server";
import { ensureTmpDir, tmpPath } from "~/server/storage/storage.server";

/** How a conversion runs: in the upload's processing slots (the owner's), or at once (a visitor's, in its own line). */
export interface Turn {
  inOwnersSlots: boolean;
  /** Aborts, with the reason to give, once nobody waits for the conversion any more. */
  abandoned: AbortSignal;
}

/**
 * The child's script: the build's, beside the operator scripts (the tests build first); in development, where the
 * sources may be newer than the build, the sources through tsx.
 */
function childCommand(): string[] {
  return import.meta.env.MODE === "development"
    ? ["--import", "tsx", path.join(path.dirname(fileURLToPath(import.meta.url)), "conversion-child.ts")]
    : [path.resolve("build/scripts/convert-original.js")];
}

/** A visitor's conversion yields the processor to the owner's work: it runs at this niceness, on one of libvips' threads. */
const VISITORS_NICENESS = 10;

/** Runs the child on `file`; it is killed when `abandoned` aborts. */
function convertInChild(file: string, mimeType: string, out: string, turn: Turn): Promise<void> {
  const { abandoned } = turn;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...childCommand(), file, mimeType, out], {
      stdio: ["ignore", "ignore", "pipe"],
      env: turn.inOwnersSlots ? process.env : { ...process.env, VIPS_CONCURRENCY: "1" },
      signal: abandoned,
      killSignal: "SIGKILL",
    });
    if (!turn.inOwnersSlots && child.pid) os.setPriority(child.pid, VISITORS_NICENESS);
    let said = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (said += chunk));
    child.on("error", () =>
      reject(abandoned.aborted ? (abandoned.reason as Error) : new Error("No conversion process")),
    );
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else if (abandoned.aborted) reject(abandoned.reason as Error);
      else reject(new Error(`Converting the original failed: ${said.trim() || signal || code}`));
    });
  });
}

/**
 * The stored original of type `mimeType` as a JPEG, written to a new file in tmp/ whose path is returned; the
 * original is copied to tmp/ first, which sharp and libheif read.
 */
export async function convertedOriginal(original: StoredFile, mimeType: string, turn: Turn): Promise<string> {
  ensureTmpDir();
  const file = tmpPath(".download");
  const out = tmpPath(".jpg");
  try {
    await pipeline(original.stream(), fs.createWriteStream(file));
    const convert = async () => {
      turn.abandoned.throwIfAborted();
      await convertInChild(file, mimeType, out, turn);
      return out;
    };
    if (!turn.inOwnersSlots) return await convert();
    const job = () => withProcessingSlot(convert);
    // An HEIC waits for the decoder before it takes a processing slot, as an upload does.
    return await (mimeType === "image/heic" ? withHeicDecoder(job) : job());
  } catch (error) {
    await fsp.rm(out, { force: true });
    throw error;
  } finally {
    await fsp.rm(file, { force: true });
  }
}
