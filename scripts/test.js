// `npm test`: lint, the import rules and the typecheck side by side with the production build,
// then unit and integration tests (Vitest), then end-to-end tests (Playwright, Chromium). Every
// server the tests start uses that one build (docs/decisions/271). Every step runs; the exit code
// is non-zero if any failed; the last lines give each stage's time, the total, and the test counts.
// `npm test -- lint vitest` runs only the steps named.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const reports = ".tmp/reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
// The build's own output, for tests/integration/build-output.test.ts to check instead of building again.
const buildOutput = `${reports}/build-output.txt`;

const bin = (name) => `node_modules/.bin/${name}`;
const step = (name, command, args, options = {}) => ({ name, command, args, ...options });
const stages = [
  {
    name: "checks and build",
    steps: [
      // Caches in .tmp/ (ESLint's by content; tsc's incremental build information): a repeat run
      // re-checks only what changed (docs/decisions/271).
      step("lint", bin("eslint"), [".", "--cache", "--cache-location", ".tmp/eslintcache", "--cache-strategy", "content"]),
      // Imports flow one way and never in a circle (.dependency-cruiser.cjs; docs/architecture.md §2).
      // …and the production code's folders import each other one way only (.dependency-cruiser-folders.cjs).
      step("imports", bin("depcruise"), ["app", "server", "scripts", "tests", "--config", ".dependency-cruiser.cjs"], {
        then: [bin("depcruise"), ["app", "server", "scripts", "--config", ".dependency-cruiser-folders.cjs"]],
      }),
      // The route types first: the typecheck reads them.
      step("typecheck", bin("react-router"), ["typegen"], { then: [bin("tsc"), ["--noEmit", "--incremental", "--tsBuildInfoFile", ".tmp/tsbuildinfo"]] }),
      step("build", process.execPath, ["server.js", "--build-only"], { saveOutput: buildOutput }),
    ],
  },
  {
    name: "vitest",
    steps: [
      step("vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/vitest.json`], {
        env: { BUILD_OUTPUT_FILE: buildOutput },
        live: true,
      }),
    ],
  },
  { name: "e2e", steps: [step("e2e", bin("playwright"), ["test"], { live: true })] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one command; its output goes straight through (`live`) or is kept and returned. */
function run(command, args, { live, env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runStep({ name, command, args, then, saveOutput, live = false, env = {} }) {
  const started = Date.now();
  if (live) console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  let result = await run(command, args, { live, env });
  if (result.code === 0 && then) {
    const next = await run(then[0], then[1], { live, env });
    result = { code: next.code, output: result.output + next.output };
  }
  if (saveOutput) writeFileSync(saveOutput, result.output);
  const ms = Date.now() - started;
  // Steps run side by side print their output whole when they end, not interleaved.
  if (!live) process.stdout.write(`\n=== ${name}: ${[command, ...args].join(" ")}${then ? ` && ${then.flat().join(" ")}` : ""}\n${result.output}`);
  console.log(`=== ${name}: ${result.code === 0 ? "ok" : "FAILED"} in ${seconds(ms)}`);
  return { name, ok: result.code === 0, ms };
}

const only = process.argv.slice(2).map((name) => (name === "typegen" ? "typecheck" : name));
const started = Date.now();
const timings = [];
const failed = [];
for (const stage of stages) {
  const steps = stage.steps.filter((s) => !only.length || only.includes(s.name));
  if (!steps.length) continue;
  const stageStarted = Date.now();
  const results = await Promise.all(steps.map(runStep));
  for (const r of results) if (!r.ok) failed.push(r.name);
  timings.push({ stage: stage.name, ms: Date.now() - stageStarted, steps: results });
}

let passed = 0;
let failedTests = 0;
let skipped = 0;
const vitest = `${reports}/vitest.json`;
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, "utf8"));
  passed += r.numPassedTests ?? 0;
  failedTests += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
const pw = `${reports}/playwright.json`;
if (existsSync(pw)) {
  const s = JSON.parse(readFileSync(pw, "utf8")).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failedTests += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}

console.log("\nTimes:");
for (const { stage, ms, steps } of timings) {
  const parts = steps.length > 1 ? ` (${steps.map((s) => `${s.name} ${seconds(s.ms)}`).join(", ")})` : "";
  console.log(`  ${stage}: ${seconds(ms)}${parts}`);
}
console.log(`  total: ${seconds(Date.now() - started)}`);
if (failed.length) console.log(`\nFailed steps: ${failed.join(", ")}`);
console.log(`\ntests: ${passed} passed, ${failedTests} failed, ${skipped} skipped`);
process.exit(failed.length ? 1 : 0);
