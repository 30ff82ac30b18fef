import { execFileSync } from "node:child_process";
import fs from "node:fs";

export interface Row {
  figure: string;
  target: string;
  measured: string;
  /** measured / target-reference, or a comparison ratio; lower is better unless the figure says otherwise. */
  ratio: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function timeMs(task: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

/** Resident set size of a process in bytes, read from /proc. */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb * 1024;
}

export function hasCommand(command: string, versionArgs: string[], mustContain?: string): boolean {
  try {
    const out = execFileSync(command, versionArgs, { stdio: ["ignore", "pipe", "pipe"] }).toString();
    return mustContain ? out.includes(mustContain) : true;
  } catch {
    return false;
  }
}

export function table(rows: Row[]): string {
  const lines = ["| figure | target | measured | ratio |", "|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.figure} | ${r.target} | ${r.measured} | ${r.ratio} |`);
  return lines.join("\n");
}
