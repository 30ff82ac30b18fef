import http from "node:http";
import type { AddressInfo } from "node:net";
import { forward } from "../support/forward";

export interface HeldPageProxy {
  /** The proxy's origin: open pages through it. */
  url: string;
  /** Sends the rest of the held page. */
  release: () => void;
  close: () => Promise<void>;
}

/**
 * A proxy to `upstream` that sends an HTML page up to the end of the first `cutAfter` following `cutFrom`, and the
 * rest only on `release`: a page arriving in pieces, as from a busy server or over a slow network. Every other answer
 * passes through as it is.
 */
export async function startHeldPageProxy(upstream: string, cutFrom: string, cutAfter: string): Promise<HeldPageProxy> {
  const target = new URL(upstream);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const proxy = http.createServer((request, response) => {
    // Uncompressed, so the page can be cut where its text says.
    const headers = { ...request.headers, host: target.host, "accept-encoding": "identity" };
    forward(request, response, target, {
      headers,
      answer: (answer) => {
        if (!String(answer.headers["content-type"]).startsWith("text/html")) {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const page = Buffer.concat(chunks);
          const from = page.indexOf(cutFrom);
          const cut = from < 0 ? -1 : page.indexOf(cutAfter, from);
          if (cut < 0) {
            response.writeHead(502).end(`The page has no ${cutAfter} after ${cutFrom}`);
            return;
          }
          const { "content-length": _length, ...rest } = answer.headers;
          response.writeHead(answer.statusCode!, rest);
          response.write(page.subarray(0, cut + cutAfter.length));
          void released.then(() => response.end(page.subarray(cut + cutAfter.length)));
        });
      },
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    release,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}
