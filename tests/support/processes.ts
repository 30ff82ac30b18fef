import fs from "node:fs";

/** A running process as /proc/<pid>/stat tells it. */
export interface RunningProcess {
  pid: number;
  /** Its parent's pid. */
  parent: number;
  /** Its process group. */
  group: number;
  /** Its command's name (`comm`, at most 15 characters). */
  command: string;
}

/** Every process running now; one that ends while they are read is left out. */
export function runningProcesses(): RunningProcess[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        // "pid (command) state parent group …": the command may hold spaces and parentheses.
        const open = stat.indexOf("(");
        const close = stat.lastIndexOf(")");
        const [, parent, group] = stat.slice(close + 2).split(" ");
        return [
          { pid: Number(pid), parent: Number(parent), group: Number(group), command: stat.slice(open + 1, close) },
        ];
      } catch {
        return [];
      }
    });
}

/** A file of /proc/<pid>/ (`cmdline`, `environ`…), or undefined once the process has ended. */
export function processFile(pid: number, name: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${name}`, "utf8");
  } catch {
    return undefined;
  }
}
