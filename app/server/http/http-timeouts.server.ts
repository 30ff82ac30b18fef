import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** The whole of one request, headers and body: a generous bound; stalls are caught by the idle timeout. */
const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;

/** Options for `http.createServer`: headers must arrive within `headersTimeoutMs`. */
export function timeoutOptions({ headersTimeoutMs }: { headersTimeoutMs: number }): ServerOptions {
  return {
    headersTimeout: headersTimeoutMs,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Node checks both only this often (30 s by default, which would double the headers timeout).
    connectionsCheckingInterval: headersTimeoutMs / 10,
  };
}

/**
 * Closes a connection once nothing has moved on it for `idleTimeoutMs`: a
 * client that stops sending its body or stops reading the answer. An upload
 * may take as long as its data keeps flowing. The one silence that is not the
 * client's is the server working on a request it has fully received (processing
 * fifty photos of a form upload): that connection stays open.
 */
export function closeIdleConnections(server: Server, idleTimeoutMs: number): void {
  const exchanges = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  server.timeout = idleTimeoutMs;
  // A kept-alive connection waiting for its next request is idle too. Node's own 5 s would close it while
  // a client or a reverse proxy (nginx, Caddy and Traefik keep theirs for a minute or more) may be sending
  // on it: that request then fails with a reset.
  server.keepAliveTimeout = idleTimeoutMs;
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const exchange = { req, res };
    exchanges.set(req.socket, exchange);
    res.once("close", () => {
      if (exchanges.get(req.socket) === exchange) exchanges.delete(req.socket);
    });
  });
  // With a listener here Node leaves the closing to it, keep-alive timeouts included.
  server.on("timeout", (socket: Socket) => {
    const exchange = exchanges.get(socket);
    if (exchange?.req.complete && !exchange.res.headersSent) return;
    socket.destroy();
  });
}
