// `npm run bench`: runs every benchmark against the built server and prints a
// markdown table (also written to bench-report.md). Figures, not assertions:
// the machines are shared, so compare ratios.
import fs from "node:fs";
import { benchAlbumOrder } from "./bench/album-order";
import { benchApiLatency } from "./bench/api-latency";
import { benchCdn } from "./bench/cdn";
import { benchConversions } from "./bench/conversions";
import { benchFavouritesCap } from "./bench/favourites-cap";
import { benchHeic } from "./bench/heic";
import { benchJsSize } from "./bench/js-size";
import { benchLogin } from "./bench/login";
import { benchLifecycle } from "./bench/lifecycle";
import { benchMailQueue } from "./bench/mail-queue";
import { benchMediaThroughput } from "./bench/media-throughput";
import { benchProofs } from "./bench/proofs";
import { benchReplication } from "./bench/replication";
import { benchS3 } from "./bench/s3";
import { benchSearch } from "./bench/search";
import { benchSsrThroughput } from "./bench/ssr-throughput";
import { benchUploadMemory } from "./bench/upload-memory";
import { table, type Row } from "./bench/util";
import { benchVariants } from "./bench/variants";
import { benchZip } from "./bench/zip";
import { buildIfStale } from "./build-if-stale.mjs";
import { prepareTemplate } from "../tests/support/template";
import { TEMPLATE_ENV } from "../tests/support/server";

buildIfStale();
// The benches' servers start from the test template (tests/support/template.ts), as the tests' do.
process.env[TEMPLATE_ENV] ??= await prepareTemplate();
const only = process.argv[2];
const benches: [string, () => Promise<Row[]>][] = [
  ["upload-memory", () => benchUploadMemory()],
  ["variants", benchVariants],
  ["heic", benchHeic],
  ["api-latency", benchApiLatency],
  ["album-order", benchAlbumOrder],
  ["search", benchSearch],
  ["lifecycle", benchLifecycle],
  ["media-throughput", benchMediaThroughput],
  ["proofs", benchProofs],
  ["ssr-throughput", benchSsrThroughput],
  ["login", benchLogin],
  ["cdn", benchCdn],
  ["litestream", benchReplication],
  ["s3", benchS3],
  ["zip", benchZip],
  ["mail-queue", benchMailQueue],
  ["favourites-cap", benchFavouritesCap],
  ["conversions", benchConversions],
  ["js-size", benchJsSize],
];

const rows: Row[] = [];
for (const [name, run] of benches) {
  if (only && only !== name) continue;
  console.log(`running ${name}…`);
  rows.push(...(await run()));
}
const report = `# Benchmark report\n\nNode ${process.version}, ${new Date().toISOString()}\n\n${table(rows)}\n`;
fs.writeFileSync("bench-report.md", report);
console.log(`\n${report}`);
