import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "~/server/core/config.server";

/** host[:port] as browsers and proxies send it: a DNS name (underscores allowed), IPv4 or [IPv6]. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The pattern keeps out what URL parsers would take apart; the parse catches the rest (`1.2.3.999`, port 99999). */
function isHost(value: string): boolean {
  return HOST.test(value) && URL.canParse(`http://${value}/`);
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim();
}

/**
 * Every page URL is built from the Host (X-Forwarded-Host behind a trusted
 * proxy): one that is missing or is no host name must be refused before
 * anything parses it.
 */
export function validHost(req: IncomingMessage): boolean {
  const host = req.headers.host;
  if (host === undefined || !isHost(host)) return false;
  // Express falls back to Host when this one is empty.
  const forwarded = config().trustProxy > 0 ? firstValue(req.headers["x-forwarded-host"]) : undefined;
  return !forwarded || isHost(forwarded);
}

export function refuseBadHost(res: ServerResponse): void {
  const body = "The Host header is missing or not a valid host name.\n";
  res.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  res.end(body);
}
