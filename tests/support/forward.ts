import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";

/** Passes the upstream's answer through as it is. */
function passThrough(answer: IncomingMessage, response: ServerResponse): void {
  response.writeHead(answer.statusCode ?? 502, answer.headers);
  answer.pipe(response);
}

/**
 * Sends `request` on to `upstream` (its method, path and body; its headers as sent, so signatures hold, unless
 * `headers` replaces them) and answers `response` with what comes back, through `answer` if given. An upstream that
 * fails cuts the response. Runner-free: the test proxies of both runners use it.
 */
export function forward(
  request: IncomingMessage,
  response: ServerResponse,
  upstream: URL,
  {
    headers = request.headers,
    answer = passThrough,
  }: { headers?: IncomingHttpHeaders; answer?: (answer: IncomingMessage, response: ServerResponse) => void } = {},
): void {
  const outgoing = http.request(
    { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
    (incoming) => answer(incoming, response),
  );
  outgoing.on("error", () => response.destroy());
  request.pipe(outgoing);
}
