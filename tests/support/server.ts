import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "test-password-123";

export interface TestServer {
  url: string;
  dataDir: string;
  uploadsDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for exit. */
  stop: () => Promise<number | null>;
  /** SIGKILL and wait for exit. */
  kill: () => Promise<void>;
}

/** Set by the runners' global setup (template-setup.ts) for their workers: the prepared template's folder. */
export const TEMPLATE_ENV = "PORTFOLIO_TEST_TEMPLATE";

/** The template's folder (template.ts). */
export function templateDir(): string {
  const dir = process.env[TEMPLATE_ENV];
  if (!dir) throw new Error(`${TEMPLATE_ENV} is unset: the test runners' global setup prepares the template`);
  return dir;
}

/** Copies the template's site into `dirs`; the copy keeps its modes (the server keeps its files private). */
export function copyTemplateSite(dirs: { dataDir: string; uploadsDir: string }): void {
  const site = path.join(templateDir(), "site");
  fs.cpSync(path.join(site, "data"), dirs.dataDir, { recursive: true, preserveTimestamps: true });
  fs.cpSync(path.join(site, "uploads"), dirs.uploadsDir, { recursive: true, preserveTimestamps: true });
}

type ServerOptions = {
  env?: Record<string, string>;
  /**
   * Folders to run on, used as they are (empty ones make a first start). Without them the server gets new ones holding
   * a copy of the template's site (template.ts), or empty ones with `fresh`, S3 storage or the production bcrypt cost.
   */
  dirs?: { dataDir: string; uploadsDir: string };
  /** A first start on empty folders: for the tests of what a first start does. */
  fresh?: boolean;
  /** `node server.js --dev`: the sources through Vite, as `npm run dev` serves them. */
  dev?: boolean;
};

/**
 * The temporary folders `spawnServer` made. A test may restart a server on its folders or read them after it stopped,
 * so they outlive the server, but not the test file: Vitest removes them after each file (tests/support/after-file.ts),
 * and a Playwright worker when it exits. Each holds a copy of the site; left behind, a run left about 130 MB.
 */
const madeFolders: string[] = [];
export function removeMadeFolders(): void {
  for (const folder of madeFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
}
process.once("exit", removeMadeFolders);

/** Spawns the built server (`node server.js`; the sources with `dev`) on `dirs`, or on new temporary ones. */
export function spawnServer(options: ServerOptions = {}) {
  const base = options.dirs ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-test-"));
  if (base) madeFolders.push(base);
  const dataDir = options.dirs?.dataDir ?? path.join(base!, "data");
  const uploadsDir = options.dirs?.uploadsDir ?? path.join(base!, "uploads");
  // The template's stores are local, and its owner's hash was made at cost 4: the production cost starts fresh.
  const fromTemplate = !options.fresh && options.env?.STORAGE !== "s3" && options.env?.TEST_BCRYPT_COST !== "";
  if (!options.dirs && fromTemplate) copyTemplateSite({ dataDir, uploadsDir });
  const child = spawn(process.execPath, options.dev ? ["server.js", "--dev"] : ["server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: options.dev ? "development" : "production",
      PORT: "0",
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      // bcrypt's lowest cost keeps logins fast; pass TEST_BCRYPT_COST: "" for the production cost.
      TEST_BCRYPT_COST: "4",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { child, dataDir, uploadsDir };
}

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they came. */
  output: string;
}

/** Collects a child's output until it exits; kills it and rejects if it is still running after `limitMs`. */
export function untilExit(child: ChildProcess, what: string, limitMs = 20_000): Promise<Exited> {
  const result: Exited = { code: null, stdout: "", stderr: "", output: "" };
  for (const stream of ["stdout", "stderr"] as const) {
    child[stream]!.on("data", (chunk: Buffer) => {
      result[stream] += chunk;
      result.output += chunk;
    });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${what} did not exit within ${limitMs / 1000} s:\n${result.output}`));
    }, limitMs);
    // "close", not "exit": the output is complete only once the pipes are.
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ...result, code });
    });
  });
}

/** Runs `node server.js` until it exits on its own (a start that must fail). */
export function runToExit(options: ServerOptions = {}): Promise<Exited> {
  return untilExit(spawnServer(options).child, "server.js");
}

/**
 * Starts the built server on a free port with its own temporary DATA_DIR and
 * UPLOADS_DIR; pass `dirs` to restart on the same data.
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const { child, dataDir, uploadsDir } = spawnServer(options);
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    // A guard, not a measure: a start takes about a second, but several at once on a busy two-core machine have
    // taken over 20 s. Vite compiles the sources before a development server listens.
    const seconds = options.dev ? 90 : 60;
    const timer = setTimeout(() => reject(new Error(`server did not start in ${seconds} s:\n${log}`)), seconds * 1000);
    const onData = () => {
      const match = log.match(/Listening on (http:\/\/localhost:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });

  return {
    url,
    dataDir,
    uploadsDir,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Logs in through the API and returns the bearer token and the session cookie. */
export async function loginAdmin(url: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
  return { token, cookie };
}

/** What a server-rendered page reads as: its HTML without tags and React's text markers. */
export function pageText(html: string): string {
  return html.replace(/<!-- -->/g, "").replace(/<[^>]*>/g, "");
}
