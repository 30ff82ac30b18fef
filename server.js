// Starts the site: validates the configuration, prepares the database and
// storage, then listens. `--dev` serves through Vite with hot reload.
import fs from "node:fs";
import http from "node:http";

// Settings may live in a .env file (see .env.example); real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const development = process.argv.includes("--dev");
const GRACE_MS = 10_000;

/**
 * The site as one request handler: the fast path (small media and cached pages
 * from memory), then the Express app. Development takes the same path, with
 * Vite's own files (its client, the modules it transforms) served in between.
 */
async function loadSite() {
  if (!development) {
    const site = await import("./build/server/index.js");
    return { ...site, handle: (req, res) => site.fastPath(req, res, () => site.app(req, res)) };
  }
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  const load = () => viteDevServer.ssrLoadModule("./app/express.server.ts");
  const answerError = (res, error) => {
    if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
    console.error(error);
    if (res.headersSent) return res.destroy();
    res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(String(error?.stack ?? error));
  };
  // Cached pages were rendered by the code before the edit.
  viteDevServer.watcher.on("change", () =>
    load().then(
      (site) => site.forgetPages(),
      () => {},
    ),
  );
  const handle = (req, res) =>
    load()
      .then(async (site) => {
        await site.prepare();
        site.fastPath(req, res, () =>
          viteDevServer.middlewares(req, res, (error) => (error ? answerError(res, error) : site.app(req, res))),
        );
      })
      .catch((error) => answerError(res, error));
  return { ...(await load()), handle };
}

function fail(error) {
  const known = ["ConfigError", "StartupError"].includes(error?.name);
  console.error(known ? `Cannot start: ${error.message}` : error);
  process.exit(1);
}

try {
  const { handle, prepare, shutdown, config, validHost, refuseBadHost, timeoutOptions, closeIdleConnections } =
    await loadSite();
  await prepare();
  const { port, headersTimeoutMs, idleTimeoutMs } = config();
  // A malformed Host is refused first: every one of them builds URLs from it.
  const server = http.createServer(timeoutOptions({ headersTimeoutMs }), (req, res) =>
    validHost(req) ? handle(req, res) : refuseBadHost(res),
  );
  closeIdleConnections(server, idleTimeoutMs);
  server.once("error", (error) => {
    if (error.code !== "EADDRINUSE") return fail(error);
    console.error(
      `Cannot start: port ${port} is already in use. Stop what listens there, or set PORT to another port.`,
    );
    process.exit(1);
  });
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
    // Too late to ask: once sent, its connection is idle, and closed then rather than when the grace ends.
    else res.once("close", () => server.closeIdleConnections());
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
    const force = setTimeout(() => {
      console.log(`${signal}: closing the connections still open after ${GRACE_MS / 1000} s`);
      server.closeAllConnections();
    }, GRACE_MS);
    server.close(() => {
      clearTimeout(force);
      shutdown().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  fail(error);
}
