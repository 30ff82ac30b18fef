import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../support/images";
import { rawConnection, rawRequest, type RawConnection } from "../support/requests";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, pageText, startServer, type TestServer } from "../support/server";

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

const host = () => `127.0.0.1:${new URL(server.url).port}`;

/** Generous: the server closes these within about a second; a busy machine may take longer. */
const untilClosed = (connection: RawConnection) =>
  expect.poll(connection.closed, { timeout: 15_000, interval: 50 }).toBe(true);

/**
 * Writes `data` every tenth of the idle timeout until `stop` says so or the
 * server closes the connection. The interval is the writer's pace, not a wait:
 * nothing is assumed about the time that passes, the tests wait for events (the
 * server closing a connection, answering).
 */
function trickle(connection: RawConnection, data: string, stop: () => boolean = () => false): Promise<void> {
  return new Promise((done) => {
    const writer = setInterval(() => {
      if (connection.closed() || stop()) {
        clearInterval(writer);
        done();
      } else connection.socket.write(data);
    }, IDLE_MS / 10);
  });
}

/**
 * A connection that sends the start of a body and then nothing, so the server
 * closes it after IDLE_TIMEOUT_S of silence and for no other reason (its
 * headers are complete, and the whole-request limit is 30 minutes). Its closing
 * is the server's own word that at least the idle timeout has passed since it
 * was opened: a clock the test reads without measuring time itself.
 */
async function idleWitness(): Promise<RawConnection> {
  const witness = await rawConnection(server.url);
  witness.socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user`,
  );
  return witness;
}

describe("connection timeouts", () => {
  it("headers still arriving after HEADERS_TIMEOUT_S: 408 and the connection is closed, though bytes kept coming", async () => {
    const connection = await rawConnection(server.url);
    // One header that never ends, a letter per write: bytes keep coming, the header block stays small.
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host()}\r\nX-Slow: `);
    const writing = trickle(connection, "a");
    await untilClosed(connection);
    await writing;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("a body that stops arriving: the connection is closed after IDLE_TIMEOUT_S of silence", async () => {
    const connection = await idleWitness();
    await untilClosed(connection);
    expect(connection.received()).toBe("");
  });

  it("a body that keeps flowing for longer than the idle timeout is answered", async () => {
    const body = JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, padding: "" });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nConnection: close\r\n`;
    const connection = await rawConnection(server.url);
    // Chunked, so the body can flow for as long as the test likes: more and more letters of the padding.
    connection.socket.write(`${head}Transfer-Encoding: chunked\r\n\r\n${chunk(body.slice(0, -2))}`);
    // Opened after the body started and silent since: when the server has closed it for idleness,
    // the body has been flowing for longer than IDLE_TIMEOUT_S, and it must still be open.
    const witness = await idleWitness();
    await trickle(connection, chunk("p"), witness.closed);
    expect(witness.received()).toBe("");
    expect(connection.closed()).toBe(false);
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
    // Encoded as a browser does, then written on a raw connection, so the test knows when the last byte has gone out.
    const encoded = new Request(`${server.url}/photography/admin/upload`, { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const head =
      `POST /photography/admin/upload HTTP/1.1\r\nHost: ${host()}\r\nCookie: ${cookie}\r\nConnection: close\r\n` +
      `Content-Type: ${encoded.headers.get("content-type")}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const connection = await rawConnection(server.url);
    await new Promise<void>((sent) => connection.socket.write(Buffer.concat([Buffer.from(head), body]), () => sent()));
    // Opened once the form is sent: if it is closed for idleness before the first byte of the answer
    // arrives, the server worked on the received form, its connection silent, for longer than IDLE_TIMEOUT_S.
    const witness = await idleWitness();
    let witnessClosedFirst: boolean | undefined;
    connection.socket.once("data", () => (witnessClosedFirst = witness.closed()));
    // However long the work takes on a busy machine (the test's own time limit bounds it).
    if (!connection.closed()) await new Promise((closed) => connection.socket.once("close", closed));
    expect(witnessClosedFirst).toBe(true);
    expect(witness.received()).toBe("");

    const answer = connection.received();
    expect(answer).toMatch(/^HTTP\/1\.1 303 /);
    const report = /^set-cookie: (__upload_report=[^;]*)/im.exec(answer)![1];
    const location = /^location: (.*)$/im.exec(answer)![1]!.trim();
    // On a connection of its own: one kept alive from the login has been idle for longer than the timeout, and
    // reusing it as the server closes it fails the request.
    const dashboard = await new Promise<string>((resolve, reject) =>
      http
        .get(new URL(location, server.url), { agent: false, headers: { Cookie: `${cookie}; ${report}` } }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve(text));
        })
        .on("error", reject),
    );
    expect(pageText(dashboard)).toContain("2 of 2 uploaded");
  });

  it("a kept-alive connection waits IDLE_TIMEOUT_S for its next request, says so, and is then closed", async () => {
    const connection = await rawConnection(server.url);
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host()}\r\n\r\n`);
    await expect.poll(connection.received).toMatch(/\r\n\r\n/);
    // Node's default would be 5 s, shorter than a reverse proxy keeps its connections.
    expect(connection.received()).toMatch(new RegExp(`^keep-alive: timeout=${IDLE_MS / 1000}\\r$`, "im"));
    await untilClosed(connection);
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
