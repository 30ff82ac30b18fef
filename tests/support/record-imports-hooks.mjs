// The module hooks of record-imports.mjs. They run on Node's loader thread,
// hence a file of their own; each resolved URL is appended as it happens, so the
// record is complete even when the process is killed.
import fs from "node:fs";

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  fs.appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
