// `npm test`: lint, the import rules, typecheck, unit and integration tests (Vitest), then end-to-end tests
// (Playwright, Chromium) against a fresh production build. Every step runs; the exit code is
// non-zero if any failed, and the last line sums the test counts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const reports = ".tmp/reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  ["lint", bin("eslint"), ["."]],
  // Imports flow one way and never in a circle (.dependency-cruiser.cjs; docs/architecture.md §2).
  ["imports", bin("depcruise"), ["app", "server", "scripts", "tests", "--config", ".dependency-cruiser.cjs"]],
  ["typegen", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/vitest.json`]],
  ["build", process.execPath, ["server.js", "--build-only"]],
  ["e2e", bin("playwright"), ["test"]],
];

const only = process.argv.slice(2);
const failed = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  console.log(`=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failed.push(name);
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
if (failed.length) console.log(`\nFailed steps: ${failed.join(", ")}`);
console.log(`\ntests: ${passed} passed, ${failedTests} failed, ${skipped} skipped`);
process.exit(failed.length ? 1 : 0);
