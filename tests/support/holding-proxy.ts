import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A pass-through HTTP proxy in front of a server (the test bucket's S3
 * endpoint) that can hold one request until the test releases it: an upload
 * held mid-store, or a script held mid-run, while another process acts.
 * Requests are forwarded with their headers as signed (Host included).
 */
export interface HoldingProxy {
  url: string;
  /** Holds the next request `matches` picks, until `release`. */
  holdNext(matches: (request: IncomingMessage) => boolean): void;
  /** The held request's method and URL, once one is held. */
  held(): string | undefined;
  /** Forwards the held request. */
  release(): void;
  /** Cuts the held request instead (its sender was killed). */
  drop(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  let matcher: ((request: IncomingMessage) => boolean) | undefined;
  let heldRequest: { description: string; forward: () => void; cut: () => void } | undefined;

  const forward = (request: IncomingMessage, response: http.ServerResponse) => {
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on("error", () => response.destroy());
    request.pipe(outgoing);
  };

  const server = http.createServer((request, response) => {
    if (matcher?.(request)) {
      matcher = undefined;
      heldRequest = {
        description: `${request.method} ${request.url}`,
        forward: () => forward(request, response),
        cut: () => request.destroy(),
      };
      return;
    }
    forward(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    holdNext(matches) {
      matcher = matches;
      heldRequest = undefined;
    },
    held: () => heldRequest?.description,
    release() {
      heldRequest?.forward();
      heldRequest = undefined;
    },
    drop() {
      heldRequest?.cut();
      heldRequest = undefined;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
