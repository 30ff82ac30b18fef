// `npm start` (and the container's CMD): build when needed, then run the production server.
import fs from "node:fs";
import { buildIfStale } from "./build-if-stale.mjs";

// server.js reads .env too; read it here first so the check below sees it.
if (fs.existsSync(".env")) process.loadEnvFile(".env");
// The test suite lowers bcrypt's cost to run faster (tests/support/server.ts starts
// server.js directly); a site started for real must never hash that weakly.
if (process.env.TEST_BCRYPT_COST) {
  console.error("Cannot start: TEST_BCRYPT_COST is for the test suite only (it weakens password hashes); unset it.");
  process.exit(1);
}
// Likewise its lower image encoding effort: the owner's photos would be served in larger files.
if (process.env.TEST_IMAGE_EFFORT) {
  console.error("Cannot start: TEST_IMAGE_EFFORT is for the test suite only (it makes larger photo files); unset it.");
  process.exit(1);
}

buildIfStale();
process.env.NODE_ENV ??= "production";
await import("../server.js");
