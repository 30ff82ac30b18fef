// The mail servers the mail-queue bench sends to, on the loopback: one that takes every message (smtp-server), and
// one that accepts the connection and then never says a word (a plain TCP server holding its sockets open).
import { once } from "node:events";
import net from "node:net";
import { SMTPServer } from "smtp-server";

/** An SMTP server that keeps the time (performance.now) each message arrived. */
export async function smtpSink() {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The loopback has no name to look up: a lookup would time each message's greeting, not the queue.
    disableReverseLookup: true,
    onData(stream, _session, done) {
      stream.resume();
      stream.on("end", () => {
        arrivals.push(performance.now());
        done();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  return {
    port: (server.server.address() as net.AddressInfo).port,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Times in Date.now's clock, the one the server's rows are written in. */
export interface HeldConnection {
  opened: number;
  /** When the client gave up and closed it; unset while it is held. */
  closed?: number;
}

/** A mail server that accepts and never answers (no greeting): each connection, from its opening until the client closes it. */
export async function hungServer() {
  const connections: HeldConnection[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const connection: HeldConnection = { opened: Date.now() };
    connections.push(connection);
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => {
      connection.closed = Date.now();
      sockets.delete(socket);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as net.AddressInfo).port,
    connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
