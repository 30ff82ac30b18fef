import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT, untilExit, type Exited } from "./server";

/** How `npm run <name>` runs an operator script: its build, build/scripts/<name>.js, with plain node (the runners build first). */
export function scriptCommand(name: string): [string, string[]] {
  return [process.execPath, [path.join(ROOT, "build/scripts", `${name}.js`)]];
}

/** Runs the operator script `name` as `npm run` does, with the extra environment, until it exits. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<Exited> {
  const [node, script] = scriptCommand(name);
  const child = spawn(node, [...script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return untilExit(child, `npm run ${name}`, 60_000);
}
