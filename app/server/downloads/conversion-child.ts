/**
 * One conversion of an original to a JPEG (original-as-jpeg.server.ts), as a process of its own:
 * `node build/scripts/convert-original.js <original> <MIME type> <out>` writes the JPEG to <out> and exits 0, or
 * prints why not and exits 1. The server runs every conversion so (converted-original.server.ts, record 093).
 */
import fs from "node:fs/promises";
import { originalAsJpeg } from "./original-as-jpeg.server";

const [original, mimeType, out] = process.argv.slice(2);
try {
  if (!original || !mimeType || !out) throw new Error("Usage: convert-original <original> <MIME type> <out>");
  await fs.writeFile(out, await originalAsJpeg(original, mimeType));
} catch (error) {
  process.stderr.write(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
