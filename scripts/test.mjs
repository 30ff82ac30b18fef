// `npm test`: first, side by side, the typecheck, lint (ESLint, zero warnings),
// format check (Prettier), the build if stale and the unit tests (Vitest); then,
// one after the other, the integration tests (Vitest) and the end-to-end tests
// (Playwright, JavaScript on and off where behaviour differs).
// Without a Chromium everything else still runs and the end-to-end step is
// reported as skipped: that fails on CI (which installs one), and only warns
// on a developer's machine.
import { spawn } from "node:child_process";
import { findChromium } from "./chromium.mjs";

const INSTALL_HINT = "install one (Debian: `apt-get install -y chromium-headless-shell`) or set CHROMIUM_PATH";
const onCi = !["", "0", "false"].includes(process.env.CI ?? "");
const chromium = findChromium();
// Piped output loses the tools' colours unless asked for them.
const env = {
  ...process.env,
  ...(chromium && { CHROMIUM_PATH: chromium }),
  ...(process.stdout.isTTY && { FORCE_COLOR: "1" }),
};

// Each step is its commands, run in order. None of the first five reads what another writes: the build writes
// build/ (which tsc, ESLint, Prettier and the unit tests leave out) and typegen writes .react-router/ before tsc
// reads it. The unit tests call pure functions and need no build.
const checks = [
  ["typecheck", ["node_modules/.bin/react-router", "typegen"], ["node_modules/.bin/tsc"]],
  ["lint", ["node_modules/.bin/eslint", ".", "--max-warnings", "0"]],
  ["format", ["node_modules/.bin/prettier", "--check", "."]],
  ["build", [process.execPath, "scripts/build-if-stale.mjs"]],
  ["unit", ["node_modules/.bin/vitest", "run", "--project", "unit"]],
];
const tests = [
  ["integration", ["node_modules/.bin/vitest", "run", "--project", "integration"]],
  ["end-to-end", ["node_modules/.bin/playwright", "test"]],
];

/** Runs one command, its output and errors into `output` (or straight through when null); resolves to whether it exited 0. */
function runCommand([command, ...args], output) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: output ? "pipe" : "inherit" });
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) =>
      output ? output.push(Buffer.from(`${error.message}\n`)) : console.error(error.message),
    );
    child.on("close", (code) => resolve(code === 0));
  });
}

/**
 * Runs a step's commands in order, stopping at a failure. A step run beside others keeps its output until it ends and
 * prints it whole under its header, so the steps' lines never interleave.
 */
async function runStep([name, ...commands], { besideOthers = false } = {}) {
  const header = `\n=== ${name}: ${commands.map((command) => command.join(" ")).join(" && ")}\n`;
  const output = besideOthers ? [] : null;
  if (!besideOthers) process.stdout.write(header);
  let ok = true;
  for (const command of commands) if (ok) ok = await runCommand(command, output);
  if (besideOthers) process.stdout.write(header + Buffer.concat(output));
  if (!ok) console.error(`=== ${name} failed`);
  return ok;
}

const results = await Promise.all(checks.map((step) => runStep(step, { besideOthers: true })));
const skipped = [];
for (const step of tests) {
  if (step[0] === "end-to-end" && !chromium) skipped.push(`skipped: end-to-end (no Chromium: ${INSTALL_HINT})`);
  else results.push(await runStep(step));
}
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
console.log(`\nsteps: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
for (const line of skipped) console.error(line);
if (skipped.length && onCi) console.error(`CI=${process.env.CI}: a skipped step fails the run.`);
else if (skipped.length) console.error("warning: not everything was tested (exit 0 outside CI).");
process.exit(failed || (skipped.length && onCi) ? 1 : 0);
