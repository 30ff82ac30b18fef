// `npm start`: build when needed, then run the production server.
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
process.env.NODE_ENV ??= "production";
await import("../server.js");
