#!/usr/bin/env node
// `npm audit --omit=dev` for CI (decision 004): fails when a production dependency has a high or
// critical advisory. When the registry's advisory service cannot be reached (some mirrors and
// closed networks answer 405 or nothing), it says so plainly and does not pretend to have checked.
// Set AUDIT_REQUIRED=1 to make an unreachable service fail the run as well.
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", shell: process.platform === "win32" });
let report;
try {
  report = JSON.parse(run.stdout || "{}");
} catch {
  report = null;
}

if (!report || (report.statusCode && !report.metadata) || report.error) {
  const reason = report?.message ?? (run.stderr.trim().split("\n").pop() || "no answer");
  console.log(`npm audit: NOT CHECKED: the advisory service could not be reached (${reason}).`);
  process.exit(process.env.AUDIT_REQUIRED === "1" ? 1 : 0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const high = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (high > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === "high" || v.severity === "critical") console.log(`  ${v.severity}: ${name} (${v.range})`);
  }
  process.exit(1);
}
