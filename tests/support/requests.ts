import fs from "node:fs";
import net from "node:net";

/** The server process's memory from /proc, in MB: resident now and its peak since start. */
export function processMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)![1]);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

export interface BigBody {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent first, then filler bytes ("a"), then `suffix`, `bytes` in all. */
  prefix: string | Buffer;
  suffix?: string;
  bytes: number;
  /** Declare the size in Content-Length; otherwise the body goes chunked. */
  declareLength: boolean;
}

const FILLER = Buffer.alloc(1024 * 1024, "a");

/**
 * Sends a large body on a raw connection, all of it whatever the server
 * answers meanwhile (Node's own client stops writing once an early answer has
 * arrived), then `GET next` on the same connection, and returns the answers'
 * status codes and all the text received. The filler is one reused buffer,
 * so the test process stays small.
 */
export async function sendBigBody(
  baseUrl: string,
  body: BigBody,
  next = "/healthz",
): Promise<{ statuses: number[]; text: string }> {
  const { host } = new URL(baseUrl);
  const connection = await rawConnection(baseUrl);
  const { socket } = connection;
  const write = async (data: string | Buffer) => {
    if (!connection.closed() && !socket.write(data)) {
      // Whichever comes first takes the other's listener along: a long body waits for many drains.
      await new Promise<void>((resume) => {
        const done = () => {
          socket.off("drain", done);
          socket.off("close", done);
          resume();
        };
        socket.once("drain", done);
        socket.once("close", done);
      });
    }
  };
  const headers = {
    Host: host,
    ...body.headers,
    ...(body.declareLength ? { "Content-Length": String(body.bytes) } : { "Transfer-Encoding": "chunked" }),
  };
  const frame = (data: Buffer) => (body.declareLength ? [data] : [`${data.length.toString(16)}\r\n`, data, "\r\n"]);
  await write(
    `${body.method} ${body.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("")}\r\n`,
  );
  const prefix = Buffer.from(body.prefix);
  const suffix = Buffer.from(body.suffix ?? "");
  for (const part of frame(prefix)) await write(part);
  for (let left = body.bytes - prefix.length - suffix.length; left > 0 && !connection.closed();) {
    const chunk = FILLER.subarray(0, Math.min(FILLER.length, left));
    left -= chunk.length;
    for (const part of frame(chunk)) await write(part);
  }
  if (suffix.length > 0) for (const part of frame(suffix)) await write(part);
  if (!body.declareLength) await write("0\r\n\r\n");
  await write(`GET ${next} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  if (!connection.closed()) await new Promise((closed) => socket.once("close", closed));
  const text = connection.received();
  return { statuses: [...text.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((match) => Number(match[1])), text };
}

/** A raw connection that records what it receives and whether the server closed it. */
export interface RawConnection {
  socket: net.Socket;
  received: () => string;
  closed: () => boolean;
}

export function rawConnection(baseUrl: string): Promise<RawConnection> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    let closed = false;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("close", () => (closed = true));
    // A reset by the server is a close too.
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve({ socket, received: () => received, closed: () => closed }));
    socket.once("error", reject);
  });
}

/** Sends one raw request that asks for `Connection: close` and reads the answer until the server closes (never half-closing: Node would drop the answer). */
export async function rawRequest(baseUrl: string, head: string): Promise<{ status: number; text: string }> {
  const connection = await rawConnection(baseUrl);
  connection.socket.write(head);
  await new Promise<void>((done) => connection.socket.on("close", done));
  const text = connection.received();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text };
}
