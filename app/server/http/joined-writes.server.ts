import { Transform } from "node:stream";

/**
 * Passes on in one piece what was written to it in one go. React writes a page's shell in 2 KB pieces, and the
 * response flushes each piece through the compressor as its own packet: on a busy server the browser drew the first
 * pieces alone, a header with half its links, and moved them when the rest came (a layout shift). Joined, the shell
 * leaves as one; what React streams later still leaves as it comes.
 */
export function joinedWrites(): Transform {
  let pending: Buffer[] = [];
  const release = (stream: Transform) => {
    if (pending.length === 0) return;
    stream.push(Buffer.concat(pending));
    pending = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // The writes of one synchronous run end before any tick callback.
      if (pending.push(chunk) === 1) process.nextTick(() => release(this));
      callback();
    },
    flush(callback) {
      release(this);
      callback();
    },
  });
}
