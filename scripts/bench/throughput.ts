// Shared by the throughput benchmarks: CPU pinning and wrk runs. The server
// under test and its reference share one core; wrk runs on another, so the
// comparison is "same core, same load generator".
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { hasCommand, median } from "./util";

export const SERVER_CORE = 0;
export const LOAD_CORE = 1;
const RUNS = 3;
const SECONDS = 5;
const CONNECTIONS = 32;
/** wrk's default (2 s) counts slow renders on a busy machine as socket errors, which fail the run. */
const TIMEOUT = "30s";

/** The command-line tools a throughput benchmark needs that are not installed, as an apt hint; empty when all are there. */
export function missingTools(tools: ("wrk" | "nginx" | "taskset")[]): string {
  const present: Record<string, boolean> = {
    wrk: hasCommand("wrk", ["--version"]) || hasCommand("which", ["wrk"]),
    nginx: hasCommand("nginx", ["-v"]),
    taskset: hasCommand("taskset", ["--version"]),
  };
  const packages = { wrk: "wrk", nginx: "nginx", taskset: "util-linux" } as const;
  const missing = tools.filter((tool) => !present[tool]).map((tool) => packages[tool]);
  return missing.length ? `not installed: apt-get install -y ${missing.join(" ")}` : "";
}

/** Pins every thread of a running process (libuv and libvips pools included) to one core. */
export function pin(pid: number, core = SERVER_CORE): void {
  execFileSync("taskset", ["-a", "-p", "-c", String(core), String(pid)], { stdio: "ignore" });
}

/** Starts a command pinned to the server core; resolves once `ready()` says it answers. */
export async function startPinned(
  command: string,
  args: string[],
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn("taskset", ["-c", String(SERVER_CORE), command, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const deadline = Date.now() + 10_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${command} did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function wrkOnce(url: string, seconds: number, header?: string): number {
  const out = execFileSync(
    "taskset",
    [
      "-c",
      String(LOAD_CORE),
      "wrk",
      "-t1",
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      "--timeout",
      TIMEOUT,
      ...(header ? ["-H", header] : []),
      url,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  ).toString();
  const errors = out.match(/Non-2xx or 3xx responses: (\d+)/) ?? out.match(/Socket errors: .*/);
  if (errors) throw new Error(`wrk saw errors on ${url}:\n${out}`);
  return Number(out.match(/Requests\/sec:\s+([\d.]+)/)![1]);
}

/**
 * Median requests per second of each URL over a few wrk runs, after a short
 * warm-up. Both servers stay up (an idle one costs nothing) and the runs
 * alternate, so a neighbour's burst on this shared machine hits both alike.
 */
export function compareThroughput(
  oursUrl: string,
  referenceUrl: string,
  oursHeader?: string,
): { ours: number; reference: number } {
  wrkOnce(oursUrl, 1, oursHeader);
  wrkOnce(referenceUrl, 1);
  const ours: number[] = [];
  const reference: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(wrkOnce(oursUrl, SECONDS, oursHeader));
    reference.push(wrkOnce(referenceUrl, SECONDS));
  }
  return { ours: median(ours), reference: median(reference) };
}

export const LOAD_DESCRIPTION = `wrk 1 thread, ${CONNECTIONS} connections, median of ${RUNS} alternating ${SECONDS} s runs each; server on core ${SERVER_CORE}, wrk on core ${LOAD_CORE}`;
