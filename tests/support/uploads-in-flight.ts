// Uploads that stay in flight: for crash, shutdown and clean-up tests, and the
// benchmarks. No test-runner imports, so the benchmarks can use them too.
import crypto from "node:crypto";
import http from "node:http";

export interface SlowUpload {
  /** Settles with the status and body, or with the error that ended the request. */
  done: Promise<{ status: number; body: string } | { error: string }>;
  /** True once the whole body was written to the connection. */
  sentAll: () => boolean;
  abort: () => void;
}

/**
 * Sends one upload as a multipart body in small pieces with pauses, so the
 * request stays in flight (body still arriving) for about `durationMs`.
 */
export function slowUpload(url: string, token: string, data: Buffer, name: string, durationMs: number): SlowUpload {
  const boundary = `----slow${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const body = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const pieces = 50;
  const pieceSize = Math.ceil(body.length / pieces);
  const request = http.request(`${url}/api/image`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": body.length,
    },
  });
  const done = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  let sent = 0;
  const timer = setInterval(() => {
    if (request.destroyed) return clearInterval(timer);
    request.write(body.subarray(sent, sent + pieceSize));
    sent += pieceSize;
    if (sent >= body.length) {
      clearInterval(timer);
      request.end();
    }
  }, durationMs / pieces);
  return {
    done,
    sentAll: () => sent >= body.length,
    abort: () => {
      clearInterval(timer);
      request.destroy();
    },
  };
}

export interface UnfinishedUpload {
  /** Settles with the response, or with the error that ended the request. */
  settled: Promise<Response | Error>;
  abort: () => void;
}

/** Starts an upload that sends the file's first `bytes` and then waits, its body open, until `abort()`. */
export function unfinishedUpload(url: string, token: string, bytes: number): UnfinishedUpload {
  const boundary = `----unfinished${crypto.randomBytes(8).toString("hex")}`;
  const controller = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(
        new TextEncoder().encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="unfinished.jpg"\r\n\r\n`,
        ),
      );
      stream.enqueue(crypto.randomBytes(bytes));
    },
  });
  const settled = fetch(`${url}/api/image`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
    signal: controller.signal,
  } as RequestInit).catch((error: Error) => error);
  return { settled, abort: () => controller.abort() };
}
