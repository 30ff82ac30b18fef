import crypto from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";
import { loginAdmin, startServer } from "../../tests/support/server";
import { rssBytes, type Row } from "./util";

const MB = 1024 * 1024;

/** Streams `totalBytes` of noise as the `image` field of a multipart upload. */
function upload(url: string, token: string, totalBytes: number): Promise<number> {
  const boundary = `bench${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nbig\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = crypto.randomBytes(MB);
  let sent = 0;
  const body = Readable.from(
    (function* () {
      yield head;
      while (sent < totalBytes) {
        const size = Math.min(MB, totalBytes - sent);
        sent += size;
        yield size === MB ? chunk : chunk.subarray(0, size);
      }
      yield tail;
    })(),
  );
  const target = new URL("/api/image", url);
  return new Promise((resolve, reject) => {
    const request = http.request(target, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": head.length + totalBytes + tail.length,
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    body.pipe(request);
  });
}

export async function benchUploadMemory(sizeMb = 500): Promise<Row[]> {
  const server = await startServer({ env: { MAX_UPLOAD_MB: "0" } });
  try {
    const { token } = await loginAdmin(server.url);
    const pid = server.process.pid!;
    await upload(server.url, token, 8 * MB); // warm up the upload path
    const baseline = rssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    const started = performance.now();
    const status = await upload(server.url, token, sizeMb * MB);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const growth = (peak - baseline) / MB;
    return [
      {
        figure: `server RSS growth while a ${sizeMb} MB file uploads (answer ${status}, ${(sizeMb / seconds).toFixed(0)} MB/s)`,
        target: "≤ 64 MB",
        measured: `${growth.toFixed(1)} MB (baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB)`,
        ratio: (growth / 64).toFixed(2),
      },
    ];
  } finally {
    await server.stop();
  }
}
