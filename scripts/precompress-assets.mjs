// Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the client build's assets: the server sends
// them as they are (express.server.ts) instead of compressing every script and style sheet again for each request
// (record 062). Brotli's highest quality is too slow per request but fine once per build, and about a fifth smaller
// than gzip. Part of the build (package.json, build-if-stale.mjs), after React Router's, which empties build/.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const ASSETS = "build/client/assets";
const TEXT_FILE = /\.(js|css|svg|json|txt)$/;
/** Below about a packet, compression saves no round trip. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const ENCODINGS = [
  [".br", (source) => brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
  [".gz", (source) => gzip(source, { level: 9 })],
];

async function precompress(file) {
  const source = await fs.promises.readFile(file);
  if (source.length < MIN_BYTES) return;
  for (const [suffix, compress] of ENCODINGS) {
    const compressed = await compress(source);
    if (compressed.length < source.length) await fs.promises.writeFile(file + suffix, compressed);
  }
}

const files = fs.readdirSync(ASSETS).filter((name) => TEXT_FILE.test(name));
await Promise.all(files.map((name) => precompress(path.join(ASSETS, name))));
