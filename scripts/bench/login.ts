import { fromIp, postLogin } from "../../tests/support/logins";
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer } from "../../tests/support/server";
import { DEFAULT_HASH_POOL } from "~/server/auth/hash-pool.server";
import { median, percentile, type Row } from "./util";

const CLIENTS = 20;
/** Under the 5 free failures of each address. */
const LOGINS_PER_CLIENT = 4;
const TIMING_ROUNDS = 20;

async function healthz(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
  return performance.now() - started;
}

async function timedLogin(
  url: string,
  credentials: { username: string; password: string },
  ip: string,
  expected: number,
): Promise<number> {
  const started = performance.now();
  const answer = await postLogin(url, credentials, fromIp(ip));
  if (answer.status !== expected)
    throw new Error(`login answered ${answer.status}, expected ${expected}: ${answer.body}`);
  return performance.now() - started;
}

/**
 * Logins at the production bcrypt cost: throughput with 20 clients logging in
 * at once, /healthz latency meanwhile, and the time an unknown user takes
 * next to a wrong password (they must cost the same).
 */
export async function benchLogin(): Promise<Row[]> {
  const server = await startServer({ env: { TEST_BCRYPT_COST: "", TRUST_PROXY: "1" } });
  try {
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await healthz(server.url));

    // 20 clients, each from its own address and with a user name of its own (so that no throttle
    // key is shared), logging in one login after another. Each check is the same bcrypt work as
    // the owner's login.
    let running = CLIENTS;
    const started = performance.now();
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < LOGINS_PER_CLIENT; i++)
        await timedLogin(server.url, { username: `client-${c}`, password: "wrong-password" }, `10.20.0.${c}`, 401);
      running--;
    });
    const loaded: number[] = [];
    while (running > 0) loaded.push(await healthz(server.url));
    await Promise.all(clients);
    const seconds = (performance.now() - started) / 1000;
    const throughput = (CLIENTS * LOGINS_PER_CLIENT) / seconds;

    // One after another, alternating; a correct login after each pair clears the address and user name.
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < TIMING_ROUNDS; i++) {
      const ip = `10.21.0.${i}`;
      wrong.push(await timedLogin(server.url, { username: ADMIN_USERNAME, password: "wrong-password" }, ip, 401));
      unknown.push(await timedLogin(server.url, { username: `nobody-${i}`, password: ADMIN_PASSWORD }, ip, 401));
      await timedLogin(server.url, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }, ip, 200);
    }
    const p99 = percentile(loaded, 99);
    return [
      {
        figure: `login throughput, ${CLIENTS} clients at once, bcrypt cost 12, ${DEFAULT_HASH_POOL.workers} hash worker(s) (${CLIENTS * LOGINS_PER_CLIENT} checks in ${seconds.toFixed(1)} s)`,
        target: "figure",
        measured: `${throughput.toFixed(1)} logins/s`,
        ratio: "–",
      },
      {
        figure: `GET /healthz p99 while ${CLIENTS} logins are checked (${loaded.length} requests, p50 ${median(loaded).toFixed(1)} ms; idle p99 ${percentile(idle, 99).toFixed(1)} ms)`,
        target: "p99 < 100 ms",
        measured: `${p99.toFixed(1)} ms`,
        ratio: (p99 / 100).toFixed(2),
      },
      {
        figure: `login answer time, unknown user vs wrong password (medians of ${TIMING_ROUNDS}; wrong password ${median(wrong).toFixed(0)} ms)`,
        target: "ratio ≈ 1",
        measured: `${median(unknown).toFixed(0)} ms`,
        ratio: (median(unknown) / median(wrong)).toFixed(2),
      },
    ];
  } finally {
    await server.stop();
  }
}
