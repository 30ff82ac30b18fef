/**
 * Optional continuous replication of the database with Litestream
 * (docs/decisions/011-litestream.md): with LITESTREAM_REPLICA_URL set, a
 * missing database is restored from the replica before it is opened, and a
 * `litestream replicate` process runs beside the server for as long as it does.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { redactUrls } from "~/server/core/redact.server";
import { databaseFile, StartupError } from "~/server/data/db.server";
import { litestreamEnv, writeLitestreamConfig } from "./litestream-config.server";

const RESTART_DELAY_MS = 5000;
const STOP_GRACE_MS = 5000;

let replicator: ChildProcess | undefined;
let stopping = false;

/** The binary: LITESTREAM_PATH, else the one npm installs on Linux x64. */
export function litestreamBinary(): string {
  const fromEnv = process.env.LITESTREAM_PATH?.trim();
  if (fromEnv) return fromEnv;
  try {
    return createRequire(import.meta.url).resolve("@flydotio/litestream-linux-x64/litestream");
  } catch {
    throw new StartupError(
      "LITESTREAM_REPLICA_URL is set, but npm installs Litestream on Linux x64 only: install it and set LITESTREAM_PATH.",
    );
  }
}

/**
 * Brings the database back from the replica when there is none on disk (a new
 * machine, a lost volume); does nothing when the database exists or the
 * replica is empty. Returns whether it restored.
 */
export function restoreFromReplica(replicaUrl: string): boolean {
  const file = databaseFile();
  if (fs.existsSync(file)) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const configFile = writeLitestreamConfig(replicaUrl);
  const result = spawnSync(
    litestreamBinary(),
    ["restore", "-config", configFile, "-if-db-not-exists", "-if-replica-exists", file],
    { encoding: "utf8", env: litestreamEnv(replicaUrl) },
  );
  if (result.status !== 0) {
    // Litestream logs its errors to stdout.
    const output = result.stderr?.trim() || result.stdout?.trim() || result.error?.message || "";
    const reason = output.split("\n").at(-1);
    throw new StartupError(redactUrls(`Cannot restore the database from ${replicaUrl}: ${reason}`));
  }
  return fs.existsSync(file);
}

function pidFile(): string {
  return path.join(config().dataDir, "litestream.pid");
}

/**
 * A server killed outright (SIGKILL, out of memory) outside a container or a
 * service manager leaves its Litestream running; two must never replicate one
 * database, so the one a previous run left is stopped first.
 */
function stopLeftoverReplicator(): void {
  try {
    const pid = Number(fs.readFileSync(pidFile(), "utf8"));
    if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("litestream")) process.kill(pid, "SIGTERM");
  } catch {
    // No pid file, or that process is gone.
  }
}

/** Starts `litestream replicate`, and again whenever it stops on its own. */
export function startReplication(replicaUrl: string, log: (line: string) => void): void {
  const configFile = writeLitestreamConfig(replicaUrl);
  stopLeftoverReplicator();
  stopping = false;
  const run = () => {
    const child = spawn(litestreamBinary(), ["replicate", "-config", configFile], {
      env: litestreamEnv(replicaUrl),
      stdio: ["ignore", "inherit", "inherit"],
    });
    replicator = child;
    if (child.pid) fs.writeFileSync(pidFile(), String(child.pid), { mode: 0o600 });
    child.on("exit", (code, signal) => {
      if (replicator === child) replicator = undefined;
      if (stopping) return;
      log(`Litestream stopped (${signal ?? `exit code ${code}`}): replication is paused, restarting it in 5 s.`);
      setTimeout(() => stopping || run(), RESTART_DELAY_MS).unref();
    });
  };
  run();
  log(`Replicating the database to ${redactUrls(replicaUrl)} with Litestream.`);
}

/** Whether replication is running, for /healthz; undefined when it is not configured. */
export function replicating(): boolean | undefined {
  return config().litestreamReplicaUrl ? replicator?.exitCode === null : undefined;
}

/** After the last write: Litestream ships what is left on SIGTERM before it exits. */
export async function stopReplication(): Promise<void> {
  stopping = true;
  const child = replicator;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
