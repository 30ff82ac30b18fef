import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../support/images";
import { postPlainUpload } from "../support/plain-upload";
import { rawConnection, rawRequest, type RawConnection } from "../support/requests";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, startServer, type TestServer } from "../support/server";

// The shortest timeouts the settings allow, so each test waits about a second.
const IDLE_MS = 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    env: { HEADERS_TIMEOUT_S: "1", IDLE_TIMEOUT_S: String(IDLE_MS / 1000), TRUST_PROXY: "1" },
  });
});

afterAll(async () => {
  await server?.stop();
});

/** Generous: the server closes these within about a second; a busy machine may take longer. */
const untilClosed = (connection: RawConnection) =>
  expect.poll(connection.closed, { timeout: 15_000, interval: 50 }).toBe(true);

/** Writes `data` again and again, a tenth of the idle timeout apart, until `stop` says so or the server closes. */
async function trickle(connection: RawConnection, data: string, stop: () => boolean = () => false): Promise<void> {
  while (!connection.closed() && !stop()) {
    connection.socket.write(data);
    await sleep(IDLE_MS / 10);
  }
}

describe("connection timeouts", () => {
  const host = () => `127.0.0.1:${new URL(server.url).port}`;

  it("headers still arriving after HEADERS_TIMEOUT_S: 408 and the connection is closed, though bytes kept coming", async () => {
    const connection = await rawConnection(server.url);
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host()}\r\n`);
    const writing = trickle(connection, "X-Slow: a\r\n");
    await untilClosed(connection);
    await writing;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("a body that stops arriving: the connection is closed after IDLE_TIMEOUT_S of silence", async () => {
    const connection = await rawConnection(server.url);
    connection.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user`,
    );
    await untilClosed(connection);
    expect(connection.received()).toBe("");
  });

  it("a body that keeps flowing for longer than the idle timeout is answered", async () => {
    const body = JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, padding: "" });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nConnection: close\r\n`;
    const connection = await rawConnection(server.url);
    // Chunked, so the body can flow for as long as the test likes: more and more letters of the padding.
    connection.socket.write(`${head}Transfer-Encoding: chunked\r\n\r\n${chunk(body.slice(0, -2))}`);
    const started = performance.now();
    await trickle(connection, chunk("p"), () => performance.now() - started > 2.5 * IDLE_MS);
    connection.socket.write(`${chunk(body.slice(-2))}0\r\n\r\n`);
    await untilClosed(connection);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it("a request the server works on for longer than the idle timeout is answered (a plain-form upload of large photos)", async () => {
    const { cookie } = await loginAdmin(server.url);
    const form = new FormData();
    form.set("name", "");
    for (let i = 0; i < 2; i++) {
      form.append(
        "image",
        new Blob([new Uint8Array(await makeJpeg(1600, 1200, 800 + i))], { type: "image/jpeg" }),
        `slow-${i}.jpg`,
      );
    }
    const { answer, dashboard } = await postPlainUpload(server.url, cookie, form);
    expect(answer.status).toBe(303);
    expect(await dashboard!.text()).toContain("Stored 2 of 2 files.");
  });

  it("behind a trusted proxy, a malformed X-Forwarded-Host: 400", async () => {
    const { status } = await rawRequest(
      server.url,
      `GET /photography HTTP/1.1\r\nHost: ${host()}\r\nX-Forwarded-Host: a b\r\nConnection: close\r\n\r\n`,
    );
    expect(status).toBe(400);
  });
});

function chunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}
