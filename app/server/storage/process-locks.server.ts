/**
 * Which processes are using the site's data right now: the server (one or
 * two, in a rolling deploy), `npm run seed`, a migration, a restore. Each
 * holds a lock on its own small SQLite file, DATA_DIR/processes/<id>.lock, for
 * as long as it runs, and the operating system drops the lock when the process
 * ends, however it ends. So "is it still running?" is answered by trying to
 * take that lock: no pid reuse, no heartbeat, no stale file to wait out
 * (docs/decisions/015-process-locks.md). Journal entries and tmp/ files carry
 * their writer's id, so no process removes what another one is writing.
 */
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { StartupError } from "~/server/data/db.server";

export interface RunningProcess {
  id: string;
  /** Names it in messages: "the server", "npm run restore". */
  name: string;
  pid: number;
  /** It must run alone (a restore): nothing else may start beside it. */
  exclusive: boolean;
}

export const PROCESS_ID_PATTERN = /^[a-f0-9]{16}$/;
const LOCK_SUFFIX = ".lock";

let own: { id: string; lock: Database.Database } | undefined;

function locksDir(): string {
  return path.join(config().dataDir, "processes");
}

function lockFile(id: string): string {
  return path.join(locksDir(), `${id}${LOCK_SUFFIX}`);
}

/** A script's name in messages, when it does not give one: "build/scripts/seed.js". */
function scriptName(): string {
  return process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : "a node process";
}

function describe(others: RunningProcess[]): string {
  return others.map((other) => `${other.name} (pid ${other.pid})`).join(" and ");
}

/**
 * Registers this process (once; later calls return the same id). Refuses,
 * with a StartupError, to run beside a process that must run alone, or, when
 * `exclusive`, beside any other.
 */
export function registerProcess(name = scriptName(), { exclusive = false } = {}): string {
  if (own) return own.id;
  const id = crypto.randomBytes(8).toString("hex");
  fs.mkdirSync(locksDir(), { recursive: true, mode: 0o700 });
  const draft = `${lockFile(id)}.new`;
  fs.writeFileSync(draft, "", { mode: 0o600 });
  const lock = new Database(draft);
  // Only its lock matters, never its content after a crash: no journal and no fsyncs (each start waited for three).
  lock.pragma("journal_mode = OFF");
  lock.pragma("synchronous = OFF");
  lock.exec("CREATE TABLE holder (name TEXT NOT NULL, pid INTEGER NOT NULL, exclusive INTEGER NOT NULL)");
  lock.prepare("INSERT INTO holder VALUES (?, ?, ?)").run(name, process.pid, exclusive ? 1 : 0);
  // A read transaction left open keeps a shared lock on the file until this process ends.
  lock.exec("BEGIN");
  lock.prepare("SELECT name FROM holder").get();
  // Published only once locked: a lock file nobody holds is a process that has ended.
  fs.renameSync(draft, lockFile(id));
  own = { id, lock };
  process.once("exit", releaseProcess);

  const conflicting = otherProcesses().filter((other) => exclusive || other.exclusive);
  if (conflicting.length) {
    releaseProcess();
    const others = describe(conflicting);
    throw new StartupError(
      exclusive
        ? `The site's data in ${config().dataDir} is in use by ${others}. Stop ${conflicting.length > 1 ? "them" : "it"} first: ${name} must run alone.`
        : `The site's data in ${config().dataDir} is being replaced by ${others}, which must run alone: start ${name} once it is done.`,
    );
  }
  return id;
}

/** This process's id, registering it under its script's name if it has not been. */
export function thisProcessId(): string {
  return own?.id ?? registerProcess();
}

/** Drops this process's lock and its file: at shutdown, and at exit whatever the way. */
export function releaseProcess(): void {
  if (!own) return;
  fs.rmSync(lockFile(own.id), { force: true });
  own.lock.close();
  own = undefined;
}

/**
 * The process `id` as long as it runs; undefined once it has ended (its lock
 * file, if left by a crash, is removed then).
 */
function runningProcess(id: string): RunningProcess | undefined {
  let lock: Database.Database;
  try {
    lock = new Database(lockFile(id), { fileMustExist: true });
  } catch {
    return undefined;
  }
  try {
    const holder = lock.prepare("SELECT name, pid, exclusive FROM holder").get() as
      { name: string; pid: number; exclusive: number } | undefined;
    // No waiting: a holder that runs keeps its shared lock, so this is refused at once.
    lock.pragma("busy_timeout = 0");
    try {
      lock.exec("BEGIN EXCLUSIVE");
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
      return { id, name: holder?.name ?? "another process", pid: holder?.pid ?? 0, exclusive: !!holder?.exclusive };
    }
    fs.rmSync(lockFile(id), { force: true });
    lock.exec("ROLLBACK");
    return undefined;
  } finally {
    lock.close();
  }
}

/** True while the process `id` (this one included) runs. */
export function isRunning(id: string): boolean {
  if (id === own?.id) return true;
  return PROCESS_ID_PATTERN.test(id) && runningProcess(id) !== undefined;
}

/** `isRunning`, asked once per id: for one pass over many entries that name their writer. */
export function runningCheck(): (id: string) => boolean {
  const known = new Map<string, boolean>();
  return (id) => {
    if (!known.has(id)) known.set(id, isRunning(id));
    return known.get(id)!;
  };
}

/** Every other process using the site's data right now. */
export function otherProcesses(): RunningProcess[] {
  const files = fs.existsSync(locksDir()) ? fs.readdirSync(locksDir()) : [];
  return files
    .filter((file) => file.endsWith(LOCK_SUFFIX))
    .map((file) => file.slice(0, -LOCK_SUFFIX.length))
    .filter((id) => PROCESS_ID_PATTERN.test(id) && id !== own?.id)
    .map(runningProcess)
    .filter((other) => other !== undefined);
}
