import Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { imageFolderFiles } from "~/server/storage.server";

export interface Dirs {
  dataDir: string;
  uploadsDir: string;
}

export interface StorageReport {
  integrity: string;
  /** Row ids in the images table. */
  ids: number[];
  /** Every broken invariant, in words; empty when database and disk agree. */
  problems: string[];
}

interface StoredRow {
  id: number;
  storage_key: string;
  variant_widths: string;
  avif_widths: string;
}

/**
 * Checks what a crash must never break: the database passes `integrity_check`,
 * every row has its folder with exactly its original and variants, every
 * folder under images/ has a row, and tmp/ is empty. Opens the database
 * read-only, so it may run while a server holds it.
 */
export function inspectStorage({ dataDir, uploadsDir }: Dirs): StorageReport {
  const sqlite = new Database(path.join(dataDir, "portfolio.sqlite"), { readonly: true, fileMustExist: true });
  let integrity: string;
  let rows: StoredRow[];
  try {
    integrity = String(sqlite.pragma("integrity_check", { simple: true }));
    rows = sqlite.prepare("SELECT id, storage_key, variant_widths, avif_widths FROM images ORDER BY id").all() as StoredRow[];
  } finally {
    sqlite.close();
  }
  const problems: string[] = [];
  const imagesDir = path.join(uploadsDir, "images");
  const keys = new Set(rows.map((r) => r.storage_key));
  for (const row of rows) {
    const dir = path.join(imagesDir, row.storage_key);
    const expected = imageFolderFiles(JSON.parse(row.variant_widths) as number[], JSON.parse(row.avif_widths) as number[]).sort();
    const actual = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    if (actual.join() !== expected.join()) {
      problems.push(`row ${row.id} (${row.storage_key}): expected files ${expected.join(" ")}, found ${actual.join(" ") || "no folder"}`);
    }
    for (const file of actual) {
      if (fs.statSync(path.join(dir, file)).size === 0) problems.push(`row ${row.id}: ${file} is empty`);
    }
  }
  for (const entry of fs.readdirSync(imagesDir)) {
    if (!keys.has(entry)) problems.push(`orphan in images/: ${entry}`);
  }
  const leftovers = fs.readdirSync(path.join(uploadsDir, "tmp"));
  if (leftovers.length) problems.push(`tmp/ is not empty: ${leftovers.join(" ")}`);
  return { integrity, ids: rows.map((r) => r.id), problems };
}

/** Polls until `condition` holds; throws with `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Entries of a folder, or none when it does not exist (yet). */
export function entries(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

export interface SlowUpload {
  /** Settles with the status and body, or with the error that ended the request. */
  done: Promise<{ status: number; body: string } | { error: string }>;
  abort: () => void;
}

/**
 * Sends one upload as a multipart body in small pieces with pauses, so the
 * request stays in flight (body still arriving) for about `durationMs`.
 */
export function slowUpload(url: string, token: string, data: Buffer, name: string, durationMs: number): SlowUpload {
  const boundary = `----slow${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const body = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const pieces = 50;
  const pieceSize = Math.ceil(body.length / pieces);
  const request = http.request(`${url}/api/image`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": body.length,
    },
  });
  const done = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  let sent = 0;
  const timer = setInterval(() => {
    if (request.destroyed) return clearInterval(timer);
    request.write(body.subarray(sent, sent + pieceSize));
    sent += pieceSize;
    if (sent >= body.length) {
      clearInterval(timer);
      request.end();
    }
  }, durationMs / pieces);
  return {
    done,
    abort: () => {
      clearInterval(timer);
      request.destroy();
    },
  };
}

/** True when this process may mount a tmpfs (root in a machine or privileged container). */
export function canMountTmpfs(probeDir: string): boolean {
  fs.mkdirSync(probeDir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probeDir], { stdio: "ignore" });
    execFileSync("umount", [probeDir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

export function mountTmpfs(dir: string, sizeBytes: number, options = ""): void {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes}${options ? `,${options}` : ""}`, "tmpfs", dir]);
}

export function remount(dir: string, mode: "ro" | "rw"): void {
  execFileSync("mount", ["-o", `remount,${mode}`, dir]);
}

/** Unmounts if mounted; never throws, so it is safe in afterAll after a failure. */
export function unmount(dir: string): void {
  try {
    execFileSync("umount", ["-l", dir], { stdio: "ignore" });
  } catch {
    // Not mounted (the test failed before mounting): nothing to undo.
  }
}
