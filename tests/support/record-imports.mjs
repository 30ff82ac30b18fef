// Loaded into a child process with `NODE_OPTIONS=--import=<this file>`: every
// module the process resolves (its ESM imports, static and dynamic) is written,
// one URL a line, to the file named by RECORD_IMPORTS_TO, so a test reads what
// a real start loaded (tests/integration/optional-libraries.test.ts).
import { register } from "node:module";

register("./record-imports-hooks.mjs", import.meta.url, { data: { file: process.env.RECORD_IMPORTS_TO } });
