import { Transform } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = '<link rel="modulepreload"';

/** React Router's `modulepreload` links in a page's head, each asking for a low fetch priority. */
export function lowerModulePreloads(head: string): string {
  return head.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
}

/**
 * The page's HTML with its scripts' preloads at low priority, so that on a slow
 * connection the first photo, the CSS and the font go first (record 049).
 * React Router's `<Scripts>` takes no priority for them, so the head is held
 * until it ends (a few KB, written at once with the shell) and rewritten; the
 * body passes as it comes, byte for byte.
 */
export function lowPriorityModulePreloads(): Transform {
  let held: Buffer = Buffer.alloc(0);
  let headPassed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (headPassed) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf(HEAD_END);
      if (end < 0) return callback();
      headPassed = true;
      // Cut after the ASCII `</head>`, so no character is split.
      const cut = end + HEAD_END.length;
      const head = Buffer.from(lowerModulePreloads(held.subarray(0, cut).toString("utf8")));
      const rest = held.subarray(cut);
      held = Buffer.alloc(0);
      callback(null, Buffer.concat([head, rest]));
    },
    // A document without a head (none is rendered today) passes unchanged.
    flush(callback) {
      callback(null, held.length > 0 ? held : undefined);
    },
  });
}
