// `npm test`: side by side, the typecheck, lint (ESLint, zero warnings), format
// check (Prettier), the build if stale and the unit tests (Vitest); once the
// build is done, the integration tests (Vitest) and, beside them, the
// end-to-end tests (Playwright, JavaScript on and off where behaviour differs)
// then the in-process tests (Vitest), one worker each, beside the checks still
// running.
// Without a Chromium everything else still runs and the end-to-end step is
// reported as skipped: that fails on CI (which installs one), and only warns
// on a developer's machine.
import { spawn } from "node:child_process";
import os from "node:os";
import { findChromium } from "./chromium.mjs";

/** A nice value: the typecheck, lint and format run when the build and the tests leave a core idle. */
const BACKGROUND_PRIORITY = 10;
const INSTALL_HINT = "install one (Debian: `apt-get install -y chromium-headless-shell`) or set CHROMIUM_PATH";
const onCi = !["", "0", "false"].includes(process.env.CI ?? "");
const chromium = findChromium();
// Piped output loses the tools' colours unless asked for them.
const env = {
  TEST_WORKERS: "1",
  ...process.env,
  ...(chromium && { CHROMIUM_PATH: chromium }),
  ...(process.stdout.isTTY && { FORCE_COLOR: "1" }),
};

// Each step is its commands, run in order. None of the first five reads what another writes: the build writes
// build/ (which tsc, ESLint, Prettier and the unit tests leave out) and typegen writes .react-router/ before tsc
// reads it. The unit tests call pure functions and need no build.
const checks = [
  // TypeScript 7's native compiler, on one thread: it checks the same as 5.9's tsc on a quarter of the CPU (record 094).
  [
    "typecheck",
    ["node_modules/.bin/react-router", "typegen"],
    ["node_modules/typescript-native/bin/tsc", "--singleThreaded"],
  ],
  ["lint", ["node_modules/.bin/eslint", ".", "--max-warnings", "0"]],
  ["format", ["node_modules/.bin/prettier", "--check", "."]],
  ["build", [process.execPath, "scripts/build-if-stale.mjs"]],
  ["unit", ["node_modules/.bin/vitest", "run", "--project", "unit"]],
];
// Two lanes side by side, one worker each: one worker leaves part of the cores idle while it waits (a server starting,
// a page loading), which the other lane fills; two workers per step made four lanes on two cores, and the same work cost
// a fifth more CPU (record 099). Run alone, each step keeps its two workers. Vitest's own flag loses to the projects'
// setting, so its one worker is TEST_WORKERS (vitest.config.ts). The in-process tier follows the end-to-end step, which
// ends sooner than the integration step: the two lanes then end together.
const lanes = [
  [["integration", ["node_modules/.bin/vitest", "run", "--project", "integration"]]],
  [
    ["end-to-end", ["node_modules/.bin/playwright", "test", "--workers", "1"]],
    ["in-process", ["node_modules/.bin/vitest", "run", "--project", "in-process"]],
  ],
];

/** Output kept until its step ends, then printed whole under the step's header: short steps' lines never interleave. */
function keptOutput() {
  const chunks = [];
  return { writer: () => (chunk) => chunks.push(chunk), end: () => chunks.join("") };
}

/**
 * Output printed as it comes, each line under its step's name: a test step runs for minutes, and a log that stays
 * silent that long looks hung.
 */
function liveOutput(name) {
  const partials = [];
  return {
    writer: () => {
      const partial = { text: "" };
      partials.push(partial);
      return (chunk) => {
        const lines = (partial.text + chunk).split("\n");
        partial.text = lines.pop();
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      };
    },
    end: () => partials.map(({ text }) => (text ? `[${name}] ${text}\n` : "")).join(""),
  };
}

/** Runs one command into `output`, at `priority` (a nice value); resolves to whether it exited 0. */
function runCommand([command, ...args], output, priority) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: "pipe" });
    // Set before the command starts processes of its own, which inherit it.
    if (priority && child.pid) os.setPriority(child.pid, priority);
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", output.writer());
    child.stderr.on("data", output.writer());
    child.on("error", (error) => output.writer()(`${error.message}\n`));
    child.on("close", (code) => resolve(code === 0));
  });
}

/** Runs a step's commands in order, stopping at a failure, then prints its header with its time. */
async function runStep([name, ...commands], { live = false, priority = 0 } = {}) {
  const started = Date.now();
  const output = live ? liveOutput(name) : keptOutput();
  let ok = true;
  for (const command of commands) if (ok) ok = await runCommand(command, output, priority);
  const seconds = Math.round((Date.now() - started) / 1000);
  const header = `\n=== ${name} (${seconds} s): ${commands.map((command) => command.join(" ")).join(" && ")}\n`;
  process.stdout.write(live ? output.end() + header : header + output.end());
  if (!ok) console.error(`=== ${name} failed`);
  return ok;
}

// The tests need the build and nothing else the checks make. The typecheck, lint and format yield the cores to the
// build, then to the tests, and take what those leave idle: the tests start sooner, and the checks alone left part of
// the cores idle. They have no time limits; the unit tests have, and keep their share.
const BACKGROUND = new Set(["typecheck", "lint", "format"]);
const checking = checks.map((step) => runStep(step, { priority: BACKGROUND.has(step[0]) ? BACKGROUND_PRIORITY : 0 }));
await checking[checks.findIndex(([name]) => name === "build")];
const skipped = [];
if (!chromium) skipped.push(`skipped: end-to-end (no Chromium: ${INSTALL_HINT})`);
const runnable = lanes.map((lane) => lane.filter(([name]) => name !== "end-to-end" || chromium));
console.log(
  `\n${runnable.map((lane) => lane.map(([name]) => name).join(", then ")).join("; beside it ")}: beside the checks still running`,
);
/** Runs a lane's steps in turn, each to its end whatever the last one's result; resolves to their results. */
async function runLane(lane) {
  const passed = [];
  for (const step of lane) passed.push(await runStep(step, { live: true }));
  return passed;
}
const testing = Promise.all(runnable.map(runLane)).then((results) => results.flat());
const results = [...(await Promise.all(checking)), ...(await testing)];
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
console.log(`\nsteps: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
for (const line of skipped) console.error(line);
if (skipped.length && onCi) console.error(`CI=${process.env.CI}: a skipped step fails the run.`);
else if (skipped.length) console.error("warning: not everything was tested (exit 0 outside CI).");
process.exit(failed || (skipped.length && onCi) ? 1 : 0);
