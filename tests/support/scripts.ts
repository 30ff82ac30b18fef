import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT, untilExit, type Exited } from "./server";

/** Runs `scripts/<name>.ts` as `npm run <name>` does, with the extra environment, until it exits. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<Exited> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [`scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return untilExit(child, `npm run ${name}`, 60_000);
}
