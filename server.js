// Starts the site: validates the configuration, prepares the database and
// storage, then listens. `--dev` serves through Vite with hot reload.
import express from "express";
import fs from "node:fs";
import http from "node:http";

// Settings may live in a .env file (see .env.example); real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const development = process.argv.includes("--dev");
const GRACE_MS = 10_000;

async function loadApp() {
  if (!development) return import("./build/server/index.js");
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const load = () => viteDevServer.ssrLoadModule("./app/express.server.ts");
  const dev = express();
  dev.use(viteDevServer.middlewares);
  dev.use(async (req, res, next) => {
    try {
      const mod = await load();
      await mod.prepare();
      mod.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  const mod = await load();
  return { ...mod, app: dev };
}

function fail(error) {
  const known = ["ConfigError", "StartupError"].includes(error?.name);
  console.error(known ? `Cannot start: ${error.message}` : error);
  process.exit(1);
}

try {
  const { app, prepare, shutdown, config, serveBeforeExpress, validHost, refuseBadHost, timeoutOptions, closeIdleConnections } =
    await loadApp();
  await prepare();
  const { port, headersTimeoutMs, idleTimeoutMs } = config();
  // Small media files and cached pages are answered before Express (see
  // serveBeforeExpress); in development every request goes through Vite's app.
  // A malformed Host is refused first: every one of them builds URLs from it.
  const handle = development ? app : (req, res) => serveBeforeExpress(req, res, () => app(req, res));
  const server = http.createServer(timeoutOptions({ headersTimeoutMs }), (req, res) =>
    validHost(req) ? handle(req, res) : refuseBadHost(res),
  );
  closeIdleConnections(server, idleTimeoutMs);
  server.listen(port, () => {
    const address = server.address();
    console.log(`Listening on http://localhost:${typeof address === "object" && address ? address.port : port}`);
  });
  // Responses in flight when stopping ask their client to close the connection,
  // so server.close() completes as soon as they are sent, not when keep-alive times out.
  let stopping = false;
  const inFlight = new Set();
  const askToClose = (res) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.on("request", (req, res) => {
    if (stopping) askToClose(res);
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight (at most ${GRACE_MS / 1000} s)`);
    inFlight.forEach(askToClose);
    const force = setTimeout(() => server.closeAllConnections(), GRACE_MS);
    server.close(() => {
      clearTimeout(force);
      shutdown();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  fail(error);
}
