import fs from "node:fs";
import http from "node:http";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * POSTs a JSON login over a socket of its own (no shared keep-alive pool), so
 * logins started together really reach the server in parallel.
 */
export function postLogin(
  baseUrl: string,
  credentials: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const body = Buffer.from(JSON.stringify(credentials));
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/auth/login`,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", "Content-Length": body.length, ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * POSTs JSON logins one after another on a single connection without waiting for answers (HTTP/1.1 pipelining): the
 * server reads them in this order, which separate sockets do not promise. Answers come back in the same order.
 */
export function pipelinedLogins(
  baseUrl: string,
  logins: { credentials: unknown; headers?: Record<string, string> }[],
): Promise<RawResponse[]> {
  const { hostname, port } = new URL(baseUrl);
  const requests = logins.map(({ credentials, headers = {} }) => {
    const body = JSON.stringify(credentials);
    const lines = Object.entries({
      Host: `${hostname}:${port}`,
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      ...headers,
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    return `POST /api/auth/login HTTP/1.1\r\n${lines.join("")}\r\n${body}`;
  });
  return new Promise((resolve, reject) => {
    const answers: RawResponse[] = [];
    let received = Buffer.alloc(0);
    const socket = net.connect(Number(port), hostname, () => socket.write(requests.join("")));
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`the connection closed after ${answers.length} answers`)));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // Answers come whole and in order; a partial one waits for the next chunk.
      try {
        for (let answer = readAnswer(received); answer; answer = readAnswer(received)) {
          answers.push(answer.response);
          received = received.subarray(answer.length);
        }
      } catch (error) {
        socket.destroy();
        reject(error as Error);
        return;
      }
      if (answers.length === logins.length) {
        socket.destroy();
        resolve(answers);
      }
    });
  });
}

/** The first whole answer in `data` (its body with a Content-Length or in chunks), or undefined. */
function readAnswer(data: Buffer): { response: RawResponse; length: number } | undefined {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine, ...headerLines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const headers: http.IncomingHttpHeaders = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body =
    headers["transfer-encoding"] === "chunked" ? readChunks(data, end + 4) : readLength(data, end + 4, headers);
  if (!body) return undefined;
  return {
    response: { status: Number(statusLine!.split(" ")[1]), headers, body: body.text },
    length: body.end,
  };
}

function readLength(data: Buffer, start: number, headers: http.IncomingHttpHeaders) {
  const end = start + Number(headers["content-length"] ?? 0);
  return data.length < end ? undefined : { text: data.subarray(start, end).toString("utf8"), end };
}

function readChunks(data: Buffer, start: number) {
  const parts: Buffer[] = [];
  for (let at = start; ;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size)) throw new Error(`not a chunk's size: ${data.subarray(at, lineEnd).toString("latin1")}`);
    const chunkEnd = lineEnd + 2 + size + 2;
    if (data.length < chunkEnd) return undefined;
    if (size === 0) return { text: Buffer.concat(parts).toString("utf8"), end: chunkEnd };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = chunkEnd;
  }
}

/** The `name=value` part of the cookie `name` the response sets. */
export function cookieFrom(response: RawResponse | Response, name: string): string | undefined {
  const lines = response instanceof Response ? response.headers.getSetCookie() : (response.headers["set-cookie"] ?? []);
  return lines.find((line) => line.startsWith(`${name}=`))?.split(";")[0];
}

/** Resident set size of a process in bytes (VmRSS in /proc). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

export const fromIp = (ip: string) => ({ "X-Forwarded-For": ip });
